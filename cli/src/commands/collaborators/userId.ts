import { InvalidArgumentError } from '@commander-js/extra-typings';

/** Parses the `<user-id>` argument: a collaborator is named by user id, as `collaborators list` shows it. */
function parseUserId(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Not a user id; see them with: pagewright collaborators list');
  return Number(value);
}

export const userIdArgument = ['<user-id>', 'the collaborator (see: pagewright collaborators list)', parseUserId] as const;
