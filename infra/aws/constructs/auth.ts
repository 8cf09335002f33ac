import { CfnOutput, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { staffRoles } from '../../../lambdas/routes';

/** Staff accounts for the admin UI; visitors never sign in. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // Staff are invited by an administrator (console or admin-create-user);
    // the pool is retained on stack deletion so accounts survive (but not after a failed first deploy).
    this.userPool = new cognito.UserPool(this, 'StaffPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'A few staff accounts made by an administrator, with long passwords; MFA is a later step (docs/decisions/0009)',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus tier (threat protection) costs per user more than this pool of a few staff accounts warrants',
    });

    // A public (browser) client: no secret. The admin UI signs in with
    // USER_PASSWORD_AUTH; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
    this.userPoolClient = this.userPool.addClient('AdminClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      refreshTokenValidity: Duration.days(30),
    });

    // The roles of lambdas/routes.ts: `staff` opens the admin, `admin` also the product and media changes.
    for (const role of staffRoles) {
      new cognito.CfnUserPoolGroup(this, `${role[0]!.toUpperCase()}${role.slice(1)}Group`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: role === 'admin' ? 'May change products and media' : 'May read and handle the orders',
      });
    }

    new CfnOutput(this, 'UserPoolId', { key: 'UserPoolId', value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { key: 'UserPoolClientId', value: this.userPoolClient.userPoolClientId });
  }
}
