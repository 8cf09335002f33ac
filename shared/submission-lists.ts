/** Where a form's submissions are listed for staff (`x-store.list` of its schema): the inbox (orders, messages) or the subscriptions. */
export const submissionLists = ['inbox', 'subscriptions'] as const;
export type SubmissionList = (typeof submissionLists)[number];
