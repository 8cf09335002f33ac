import { AdminGetUserCommand, ListUsersInGroupCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The staff's e-mail addresses, for histories and "uploaded by". Access
 * tokens name the user but carry no e-mail, so it is read from the user pool
 * once per user and kept for the life of the function instance.
 */
export interface StaffDirectory {
  /** The user's e-mail; the user name itself when the pool has none for them. */
  emailOf(username: string): Promise<string>;
  /** The e-mails of the `staff` group's members (every signed-in user of the admin is one), sorted. */
  members(): Promise<string[]>;
}

export function createStaffDirectory(client: CognitoIdentityProviderClient, userPoolId: string): StaffDirectory {
  const known = new Map<string, Promise<string>>();
  const lookUp = async (username: string) => {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? username;
  };
  return {
    async members() {
      const emails: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: 'staff', NextToken }));
        for (const user of page.Users ?? []) {
          const email = user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value;
          if (email && user.Enabled !== false) emails.push(email);
        }
        NextToken = page.NextToken;
      } while (NextToken);
      return [...new Set(emails)].sort();
    },

    emailOf(username) {
      let email = known.get(username);
      if (!email) {
        email = lookUp(username);
        known.set(username, email);
        // A failed look-up is tried again on the next request.
        email.catch(() => known.delete(username));
      }
      return email;
    },
  };
}

/** The inbox's "mine" (`assignee=me`) as the caller's e-mail, for the orders' list and its export alike. */
export async function withMine(
  parameters: Record<string, string | undefined>,
  emailOfCaller: () => Promise<string>,
): Promise<Record<string, string | undefined>> {
  return parameters.assignee === 'me' ? { ...parameters, assignee: await emailOfCaller() } : parameters;
}
