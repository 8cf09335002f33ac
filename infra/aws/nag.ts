import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export interface Acknowledgement {
  /** The cdk-nag rule, with its finding when it has several (`AwsSolutions-IAM5[Action::s3:List*]`). */
  id: string;
  reason: string;
}

/**
 * Acknowledges cdk-nag findings on a function CDK makes once per stack for
 * its own constructs (a bucket deployment, an SDK call): those functions
 * live at the stack's root, out of reach of the construct that asked for them.
 */
export function acknowledgeOnStackSingleton(scope: IConstruct, idPrefix: string, acknowledgements: Acknowledgement[]): void {
  const singleton = Stack.of(scope).node.children.find((child) => child.node.id.startsWith(idPrefix));
  if (!singleton) throw new Error(`No construct named ${idPrefix}… at the root of the stack`);
  for (const acknowledgement of acknowledgements) Validations.of(singleton).acknowledge(acknowledgement);
}

/** How cdk-nag writes an ARN's partition, region and account in a finding: literally when known. */
export function arnParts(scope: IConstruct): { partition: string; region: string; account: string } {
  const stack = Stack.of(scope);
  const regionKnown = !Token.isUnresolved(stack.region);
  return {
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
    region: regionKnown ? stack.region : '<AWS::Region>',
    account: Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account,
  };
}

/**
 * For the functions CDK makes for its own constructs (a custom resource's
 * provider, the bucket deployment, the trigger): their roles keep AWS's
 * managed policy. Ours have a policy scoped to their own log group
 * (./constructs/handler-function.ts).
 */
export const lambdaLogsPolicy: Acknowledgement = {
  id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
  reason: "CDK's own provider function keeps AWS's managed policy: it may write to any log group of the account, and nothing else (docs/decisions/0023)",
};
