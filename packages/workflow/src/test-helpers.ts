/** Helpers for the tests: BPMN text from a process body, and a driver that replays the state through JSON as a database would. */
import { expect } from 'vitest';
import { WorkflowError, type WorkflowErrorCode } from './errors';

export const NS =
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bw="http://breedwise.dev/schema/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** A definitions document holding one process with the given body (bpmn: prefix). */
export const bpmn = (body: string, processId = 'p') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="defs" targetNamespace="http://breedwise.dev/test">
  <bpmn:process id="${processId}" isExecutable="true">
${body}
  </bpmn:process>
</bpmn:definitions>`;

export const flow = (id: string, from: string, to: string, condition?: string) =>
  condition === undefined
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`;

/** A chain of flows a -> b -> c ..., ids f_a_b. */
export const chain = (...ids: string[]) =>
  ids
    .slice(1)
    .map((to, i) => flow(`f_${ids[i]}_${to}`, ids[i], to))
    .join('\n');

export function errorOf(work: () => unknown): { code: WorkflowErrorCode; params: Record<string, unknown> } {
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(WorkflowError);
    const e = err as WorkflowError;
    return { code: e.code, params: e.params };
  }
  throw new Error('expected a WorkflowError');
}

export const T0 = '2026-03-01T08:00:00.000Z';
