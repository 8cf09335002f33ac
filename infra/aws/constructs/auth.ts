import { CfnOutput, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { staffRoles, type StaffRole } from '../../../lambdas/routes';

export interface AuthProps {
  /** The pool an earlier deploy kept (../attach.ts), with its users and groups, taken by its id as it is. */
  attachedUserPoolId?: string;
  /**
   * Cognito's threat protection (the Plus feature plan, 0.02 USD a monthly
   * active user): sign-ins with leaked passwords or from unusual places are
   * blocked or asked for more. Context `threatProtection`, on for prod.
   */
  threatProtection?: boolean;
}

/** Staff accounts for the admin UI; visitors never sign in. */
export class Auth extends Construct {
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The groups the admin's sign-in pages make set up an authenticator app (the pool's MFA being optional). */
  readonly mfaRequiredFor: readonly StaffRole[] = ['admin'];

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);
    this.userPool = props.attachedUserPoolId
      ? cognito.UserPool.fromUserPoolId(this, 'StaffPool', props.attachedUserPoolId)
      : this.createPool(props.threatProtection ?? false);

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
    // Kept with the pool, so that its users keep their roles; an attached pool has them already.
    if (!props.attachedUserPoolId) {
      for (const role of staffRoles) {
        new cognito.CfnUserPoolGroup(this, `${role[0]!.toUpperCase()}${role.slice(1)}Group`, {
          userPoolId: this.userPool.userPoolId,
          groupName: role,
          description: role === 'admin' ? 'May change products and media' : 'May read and handle the orders',
        }).applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
      }
    }

    new CfnOutput(this, 'UserPoolId', { key: 'UserPoolId', value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { key: 'UserPoolClientId', value: this.userPoolClient.userPoolClientId });
  }

  private createPool(threatProtection: boolean): cognito.UserPool {
    // Staff are invited by an administrator (console or admin-create-user);
    // the pool is retained on stack deletion so accounts survive (but not after a failed first deploy).
    const userPool = new cognito.UserPool(this, 'StaffPool', {
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
      // A code from an authenticator app (TOTP), never SMS. Cognito sets MFA for the whole pool: optional here,
      // required of the `admin` group by the admin's sign-in pages (mfaRequiredFor, docs/decisions/0023).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(threatProtection && { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }),
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: "MFA is optional at the pool (authenticator apps only): the admin's sign-in pages make the admin group set it up and offer it to staff (docs/decisions/0023)",
    });
    if (!threatProtection) {
      Validations.of(userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection is off on this stage (the Plus plan, 0.02 USD a user a month): -c threatProtection=on turns it on (docs/decisions/0023)',
      });
    }
    return userPool;
  }
}
