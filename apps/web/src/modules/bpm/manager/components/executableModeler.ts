/**
 * A bpmn-js module that keeps the designer's palette and context pad to what the engine executes
 * (packages/workflow: start and end events, user and service tasks, timer catch events, exclusive and
 * parallel gateways). Stock bpmn-js
 * creates a plain `bpmn:Task`, which the server refuses to deploy; here "task" is a user task.
 * The tools' titles are translated through the `bpm.modeler` locale entries.
 */
import i18n from 'i18next';

type Entry = { group: string; className: string; title: string; action: unknown };
type Entries = Record<string, Entry>;
interface Shape {
  type: string;
}
interface ElementFactory {
  createShape(attrs: { type: string; eventDefinitionType?: string }): Shape;
}
interface Create {
  start(event: unknown, shape: Shape, hints?: Record<string, unknown>): void;
}
interface AutoPlace {
  append(source: unknown, shape: Shape): void;
}
interface Provider {
  registerProvider(priority: number, provider: object): void;
}

/** Palette and context-pad entries the engine cannot run (it refuses a throw event, a sub-process or a pool). */
const HIDDEN_IN_PALETTE = ['create.intermediate-event', 'create.data-object', 'create.data-store', 'create.subprocess-expanded', 'create.participant-expanded'];
const HIDDEN_IN_PAD = ['append.intermediate-event'];

class ExecutablePalette {
  static $inject = ['palette', 'elementFactory', 'create', 'translate'];
  constructor(
    palette: Provider,
    private elementFactory: ElementFactory,
    private create: Create,
    private translate: (s: string) => string,
  ) {
    palette.registerProvider(500, this);
  }
  getPaletteEntries() {
    const { elementFactory, create, translate } = this;
    const creator = (type: string, group: string, className: string, title: string, eventDefinitionType?: string): Entry => {
      const start = (event: unknown) => create.start(event, elementFactory.createShape({ type, ...(eventDefinitionType ? { eventDefinitionType } : {}) }));
      return { group, className, title: translate(title), action: { dragstart: start, click: start } };
    };
    return (entries: Entries) => {
      // Stock order, with a user task in the plain task's place and the parallel gateway after the exclusive one.
      const out: Entries = {};
      for (const [k, v] of Object.entries(entries)) {
        if (HIDDEN_IN_PALETTE.includes(k)) continue;
        if (k === 'create.task') {
          out['create.user-task'] = creator('bpmn:UserTask', 'activity', 'bpmn-icon-user-task', 'Create user task');
          // A step the server runs (a strategy from its fixed list, retried through the job queue), and a wait.
          out['create.service-task'] = creator('bpmn:ServiceTask', 'activity', 'bpmn-icon-service-task', 'Create service task');
          out['create.timer-event'] = creator(
            'bpmn:IntermediateCatchEvent',
            'event',
            'bpmn-icon-intermediate-event-catch-timer',
            'Create timer event',
            'bpmn:TimerEventDefinition',
          );
        } else out[k] = v;
        if (k === 'create.exclusive-gateway')
          out['create.parallel-gateway'] = creator('bpmn:ParallelGateway', 'gateway', 'bpmn-icon-gateway-parallel', 'Create parallel gateway');
      }
      return out;
    };
  }
}

class ExecutableContextPad {
  static $inject = ['contextPad', 'elementFactory', 'create', 'injector', 'translate'];
  private autoPlace: AutoPlace | null;
  constructor(
    contextPad: Provider,
    private elementFactory: ElementFactory,
    private create: Create,
    injector: { get<T>(name: string, strict: boolean): T | null },
    private translate: (s: string) => string,
  ) {
    this.autoPlace = injector.get<AutoPlace>('autoPlace', false);
    contextPad.registerProvider(500, this);
  }
  getContextPadEntries() {
    const { elementFactory, create, autoPlace, translate } = this;
    return (entries: Entries) => {
      for (const k of HIDDEN_IN_PAD) delete entries[k];
      const task = entries['append.append-task'];
      if (!task) return entries;
      const type = 'bpmn:UserTask';
      const dragstart = (event: unknown, element: unknown) => create.start(event, elementFactory.createShape({ type }), { source: element });
      const click = autoPlace ? (_: unknown, element: unknown) => autoPlace.append(element, elementFactory.createShape({ type })) : dragstart;
      const rest = { ...entries };
      delete rest['append.append-task'];
      // In the stock entry's place (its group keeps the pad's order): end event, gateway, user task.
      return {
        ...rest,
        'append.user-task': { group: task.group, className: 'bpmn-icon-user-task', title: translate('Append user task'), action: { dragstart, click } },
      };
    };
  }
}

/** bpmn-js `translate`: our locale's `bpm.modeler` entries, the English text when there is none. */
function translate(template: string, replacements: Record<string, string> = {}) {
  const dict = i18n.t('bpm.modeler', { returnObjects: true, defaultValue: {} }) as Record<string, string>;
  const text = (typeof dict === 'object' && dict[template]) || template;
  return text.replace(/{([^}]+)}/g, (_, k: string) => replacements[k] ?? `{${k}}`);
}

export const executableModeler = {
  __init__: ['executablePalette', 'executableContextPad'],
  executablePalette: ['type', ExecutablePalette],
  executableContextPad: ['type', ExecutableContextPad],
  translate: ['value', translate],
};
