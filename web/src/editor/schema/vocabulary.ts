import type { PagewrightClient } from '@pagewright/sdk';
import { useEffect, useState } from 'react';
import { useActionContext } from '../../site/store/context.tsx';
import type { Vocabulary } from './model.ts';

/**
 * GET /schemaorg, loaded once (spec 001 §7 "{host}"): a failure is only logged and the loading flag
 * cleared, so the next editor that opens asks again.
 */
let loading: Promise<Vocabulary | null> | null = null;

function load(api: PagewrightClient): Promise<Vocabulary | null> {
  loading ??= api.GET('/schemaorg').then(
    ({ data, error }) => {
      if (data) return data;
      console.error('Loading the Schema.org vocabulary failed', error);
      loading = null;
      return null;
    },
    (thrown: unknown) => {
      console.error('Loading the Schema.org vocabulary failed', thrown);
      loading = null;
      return null;
    },
  );
  return loading;
}

export function useVocabulary(): { vocabulary: Vocabulary | null; loading: boolean } {
  const { api } = useActionContext();
  const [state, setState] = useState<{ vocabulary: Vocabulary | null; loading: boolean }>({ vocabulary: null, loading: true });
  useEffect(() => {
    let live = true;
    void load(api).then((vocabulary) => live && setState({ vocabulary, loading: false }));
    return () => {
      live = false;
    };
  }, [api]);
  return state;
}
