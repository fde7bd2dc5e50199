/** Designs the engine analyses; a square lattice is analysed as an alpha design. */
export const DESIGN_KINDS = ['crd', 'rcbd', 'alpha', 'row-column', 'augmented', 'lattice'] as const;
export type DesignKind = (typeof DESIGN_KINDS)[number];

/** A design factor's value: a label or a number; null or undefined when absent. */
export type FactorValue = string | number | null | undefined;

/** One plot and one trait value (null when not observed). */
export interface PlotRecord {
  plotId: string;
  entry: string | number;
  rep?: FactorValue;
  block?: FactorValue;
  row?: FactorValue;
  col?: FactorValue;
  /** Augmented designs: marks the checks. When no plot carries the flag, entries planted more than once are the checks. */
  isCheck?: boolean | null;
  value: number | null;
}

/** One plot with several traits (the field book of an experiment). */
export interface PlotRow extends Omit<PlotRecord, 'value'> {
  values: Record<string, number | null | undefined>;
}

export interface AnalysisOptions {
  /** Maximum AI-REML iterations per fit (default 200). */
  maxIter?: number;
  /** Relative change of every variance parameter below which the iteration stops (default 1e-10). */
  tol?: number;
}

export interface TraitRequest {
  design: DesignKind;
  plots: PlotRecord[];
  /** Trait name carried into the result and the messages (default "value"). */
  trait?: string;
  options?: AnalysisOptions;
}

export interface ExperimentRequest {
  design: DesignKind;
  plots: PlotRow[];
  /** Traits to analyse (default: every key found in the plots' values). */
  traits?: string[];
  options?: AnalysisOptions;
}

export interface VarianceComponent {
  /** lme4's group name: entry, rep:block, rep:row, rep:col, or Residual. */
  name: string;
  value: number;
}

/** One REML fit. */
export interface FitSummary {
  /** The model in lme4 notation. */
  formula: string;
  varianceComponents: VarianceComponent[];
  /** Components held at zero (lme4: a singular fit). */
  boundary: string[];
  converged: boolean;
  iterations: number;
  /** Restricted log-likelihood, on lme4's scale: logLik(fit, REML = TRUE). */
  logLik: number;
  /** -2 logLik: lme4's REML criterion. */
  minus2LogLik: number;
  /** Number of fixed-effect parameters (rank of X). */
  fixedEffects: number;
}

export interface EntryBlue {
  entry: string;
  isCheck: boolean;
  /** Plots of the entry with a value. */
  n: number;
  /** Entry mean at the average of the other fixed effects (reps, or blocks in augmented designs). */
  value: number;
  se: number;
}

export interface EntryBlup {
  entry: string;
  isCheck: boolean;
  n: number;
  /** False for entries fixed in the BLUP model (the checks of an augmented design): value is then their BLUE in that model. */
  random: boolean;
  /** Predicted entry value: the fixed effects at their average plus the entry's random effect. */
  value: number;
  /** The random effect (null when the entry is fixed). */
  effect: number | null;
  /** Prediction error variance of the effect (null when the entry is fixed). */
  pev: number | null;
}

export interface TraitAnalysis {
  trait: string;
  design: DesignKind;
  /** Plots with a value (used) and without (dropped). */
  n: number;
  missing: number;
  /** Entries with at least one value; entries of the field book without any are listed in unobservedEntries. */
  entries: number;
  unobservedEntries: string[];
  /** Arithmetic mean of the values used. */
  grandMean: number;
  /** Variance components of the BLUE model (entries fixed). */
  varianceComponents: VarianceComponent[];
  /** Genetic variance: the entry component of the BLUP model. */
  geneticVariance: number;
  /** Cullis heritability 1 - mean PEV of BLUP differences / (2 s2_g); 0 when s2_g is 0. */
  heritability: number;
  /** 100 sqrt(s2_e) / grand mean, s2_e of the BLUE model. */
  cv: number;
  /** Average standard error of a difference of two BLUEs: sqrt(mean pairwise variance of differences). */
  sed: number;
  /** Least significant difference at 5%: t(0.975, residualDf) * sed; null when residualDf < 1. */
  lsd: number | null;
  /**
   * Residual degrees of freedom: plots used minus the rank of the all-fixed model (entries and every
   * design term fixed), the intra-block error df; can be 0 or less in a small trial with random terms.
   */
  residualDf: number;
  blues: EntryBlue[];
  blups: EntryBlup[];
  fits: { blue: FitSummary; blup: FitSummary };
}

export interface ExperimentAnalysis {
  design: DesignKind;
  traits: TraitAnalysis[];
}
