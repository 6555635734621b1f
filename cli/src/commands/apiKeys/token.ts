import { InvalidArgumentError } from '@commander-js/extra-typings';

/**
 * Parses the `<token>` argument: a key's public name (`pw_` and 8 characters, as `api-keys list`
 * shows it). The whole key is accepted too, since it starts with its name; only the name is sent.
 */
function parseKeyToken(value: string): string {
  const match = /^(pw_[A-Za-z0-9]{8})(_[A-Za-z0-9_-]+)?$/.exec(value.trim());
  if (!match?.[1]) throw new InvalidArgumentError('Not an API key name (pw_ and 8 characters); see them with: pagewright api-keys list');
  return match[1];
}

export const tokenArgument = ['<token>', 'the key, by its name pw_XXXXXXXX (see: pagewright api-keys list)', parseKeyToken] as const;
