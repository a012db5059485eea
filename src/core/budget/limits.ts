/** The user's spending limits; 0 is no limit. Costs are US dollars at the pricing table's list prices. */
export interface BudgetLimits {
  maxTokensPerRun: number;
  maxCostPerRun: number;
  maxTokensPerDay: number;
  maxCostPerDay: number;
}

export type LimitKind = keyof BudgetLimits;

export const NO_LIMITS: BudgetLimits = { maxTokensPerRun: 0, maxCostPerRun: 0, maxTokensPerDay: 0, maxCostPerDay: 0 };

export const isCostLimit = (kind: LimitKind): boolean => kind === 'maxCostPerRun' || kind === 'maxCostPerDay';
export const isDayLimit = (kind: LimitKind): boolean => kind === 'maxTokensPerDay' || kind === 'maxCostPerDay';
