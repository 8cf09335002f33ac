import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BackupPlan, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

export interface BackupsProps {
  /** The tables to copy every day. */
  tables: ITableV2[];
}

/**
 * A daily copy of the business's tables, kept 35 days, in a vault that
 * outlives the stack (context `backup=on`): point-in-time recovery already
 * goes back 35 days, but a table deleted by hand takes its recovery window
 * with it, and a copy in a vault does not (docs/operations.md, "Restoring
 * and reattaching").
 */
export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: BackupsProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', { removalPolicy: RemovalPolicy.RETAIN });
    this.plan = BackupPlan.daily35DayRetention(this, 'Plan', this.vault);
    const selection = this.plan.addSelection('Tables', { resources: props.tables.map((table) => BackupResource.fromArn(table.tableArn)) });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "The role AWS Backup assumes: AWS's policy allows backup actions only, on what the selection names (docs/decisions/0023)",
    });
  }
}
