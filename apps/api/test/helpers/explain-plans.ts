import type { Document } from 'mongodb';

/** Every stage of an explain()'s plan, the plan's own first (a classic plan, or an SBE plan's queryPlan). */
export function planStages(plan: Document | undefined): Document[] {
  if (!plan) return [];
  const children = [plan.queryPlan, plan.inputStage, ...((plan.inputStages as Document[] | undefined) ?? [])];
  return [plan, ...children.flatMap((child) => planStages(child as Document | undefined))];
}
