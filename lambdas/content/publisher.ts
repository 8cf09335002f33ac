import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { PreviewRequest, PreviewResponse } from '../../shared/admin-api';
import type { ContentOverrides } from '../../shared/content/model';

/**
 * The site's publisher (lambdas/functions/publish-site, a function of its own: it
 * carries the web build and the picture maker) as the admin's content
 * handler asks it, through Lambda's Invoke API: locally the functions'
 * stand-in (infra/local/functions.ts) answers it the same way.
 */

/** What the publisher is asked. */
export type PublisherEvent =
  /** Run the publish recorded as running under this id (in the background). */
  | { publishId: string }
  /** One page with a draft, without its scripts, compared with the published content (answered: {@link PreviewAnswer}). */
  | { preview: Omit<PreviewRequest, 'draft'> & { overrides: ContentOverrides; published?: ContentOverrides } }
  /**
   * Anything else, the empty event of a deploy's trigger included: render the
   * live content again with this build and put it live.
   */
  | Record<string, never>;

export type PreviewAnswer = PreviewResponse;

export interface Publisher {
  /** Starts the publish in the background; throws when the function could not be started. */
  start(publishId: string): Promise<void>;
  /** The page with the draft, and which of the draft's changes show on it compared with `published`. */
  preview(request: PreviewRequest, published: ContentOverrides): Promise<PreviewAnswer>;
  /** Renders the live content again with the publisher's build and puts it live (after a deploy, at `npm start`). */
  renderLive(): Promise<RenderAnswer>;
}

export interface RenderAnswer {
  /** The site's folder, now live. */
  folder: string;
  pages: number;
}

export function createPublisher(lambda: LambdaClient, functionName: string): Publisher {
  const invoke = async (event: PublisherEvent, invocationType: 'Event' | 'RequestResponse') => {
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: functionName, InvocationType: invocationType, Payload: new TextEncoder().encode(JSON.stringify(event)) }),
    );
    const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
    if (answer.FunctionError) throw new Error(`The publisher failed: ${payload.slice(0, 500)}`);
    return payload;
  };
  return {
    async start(publishId) {
      await invoke({ publishId }, 'Event');
    },
    async preview({ path, language, draft }, published) {
      return JSON.parse(await invoke({ preview: { path, language, overrides: draft, published } }, 'RequestResponse')) as PreviewAnswer;
    },
    async renderLive() {
      return JSON.parse(await invoke({}, 'RequestResponse')) as RenderAnswer;
    },
  };
}
