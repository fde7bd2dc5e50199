import type { Locale } from '@breedwise/contracts';
import type { DashboardWidgetDef, HeaderItemDef, ModuleManifest, PageDef, TodoSourceDef } from './types';
import { homeModule } from './home';
import { doeModule } from './doe';
import { systemModule } from './system';
import { feedbackModule } from './feedback';
import { germModule } from './germ';
import { phenoModule } from './pheno';
import { nurseryModule } from './nursery';
import { bpmModule } from './bpm';
import { gsModule } from './gs';
import { etlModule } from './etl';

/** Every module of this build. A new module adds its manifest here and nothing else in the shell. */
// prettier-ignore
export const manifests: ModuleManifest[] = [
  homeModule,
  germModule,
  doeModule,
  nurseryModule,
  phenoModule,
  gsModule,
  systemModule,
  feedbackModule,
  bpmModule,
  etlModule,
];
/** Every module's texts of one language, each under its module key. */
export async function loadModuleLocales(locale: Locale): Promise<Record<string, unknown>> {
  const texts = await Promise.all(manifests.map(async (m) => [m.key, (await m.locales[locale]()).default] as const));
  return Object.fromEntries(texts);
}

export const pageByComponent = new Map<string, PageDef>(manifests.flatMap((m) => m.pages.filter((p) => p.component).map((p) => [p.component!, p] as const)));

export const routedPages: PageDef[] = manifests.flatMap((m) => m.pages.filter((p) => p.route));

export const dashboardWidgets: DashboardWidgetDef[] = manifests.flatMap((m) => m.dashboard?.widgets ?? []).sort((a, b) => a.order - b.order);

export const todoSources: TodoSourceDef[] = manifests.flatMap((m) => m.dashboard?.todos ?? []);

export const headerItems: HeaderItemDef[] = manifests.flatMap((m) => m.header ?? []);
