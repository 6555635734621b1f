/** @jsxRuntime automatic */
import { Box, Text } from 'ink';
import { useState } from 'react';
import type { PagewrightClient } from '@pagewright/sdk';
import type { ScreenProps } from './App.js';
import { Confirm, HelpLine, List, StatusLine, TextInput, Title } from './components.js';
import {
  createItem,
  deleteItem,
  getItem,
  listCollections,
  listItems,
  PAGE_SIZE,
  updateItem,
  type Collection,
  type Field,
  type Item,
} from './data.js';
import { choicesOf, editorFor, fieldTitle, inputText, itemLabel, showValue, titleField, valueFromInput } from './fields.js';
import { useLoad, useStatus } from './hooks.js';

type View = { kind: 'collections' } | { kind: 'items'; collection: Collection } | { kind: 'item'; collection: Collection; itemId: number };

/** CMS items (spec 002 §4): pick a collection, list and search its items, view, edit, create, delete. */
export function CmsScreen({ api, siteId, onBack }: ScreenProps) {
  const [view, setView] = useState<View>({ kind: 'collections' });
  // The items list keeps its page and search when an item is opened and closed again.
  const [place, setPlace] = useState({ page: 0, search: '' });
  if (view.kind === 'collections') {
    return (
      <Collections
        api={api}
        siteId={siteId}
        onBack={onBack}
        onOpen={(collection) => {
          setPlace({ page: 0, search: '' });
          setView({ kind: 'items', collection });
        }}
      />
    );
  }
  if (view.kind === 'items') {
    return (
      <Items
        api={api}
        siteId={siteId}
        collection={view.collection}
        place={place}
        onPlace={setPlace}
        onBack={() => setView({ kind: 'collections' })}
        onOpen={(itemId) => setView({ kind: 'item', collection: view.collection, itemId })}
      />
    );
  }
  return (
    <ItemView
      api={api}
      siteId={siteId}
      collection={view.collection}
      itemId={view.itemId}
      onBack={() => setView({ kind: 'items', collection: view.collection })}
    />
  );
}

function Collections(props: { api: PagewrightClient; siteId: string; onBack: () => void; onOpen: (collection: Collection) => void }) {
  const collections = useLoad(() => listCollections(props.api, props.siteId), props.siteId);
  return (
    <Box flexDirection="column">
      <Title>CMS · {props.siteId} · collections</Title>
      <List
        items={collections.data ?? []}
        label={(c) => `${c.name}  (${c.id}, ${c.count} ${c.count === 1 ? 'item' : 'items'})`}
        onSelect={props.onOpen}
        onBack={props.onBack}
        empty={
          collections.data
            ? 'No collections yet: create one in the web app or with the content commands'
            : collections.loading
              ? 'Loading collections…'
              : ''
        }
      />
      <StatusLine error={collections.error} />
      <HelpLine keys={['↑/↓ j/k move', 'Enter open', '/ search', '1-4 screen', 'q/Esc back']} />
    </Box>
  );
}

type ItemsMode = { kind: 'list' } | { kind: 'create'; field: Field } | { kind: 'delete'; item: Item };

function Items(props: {
  api: PagewrightClient;
  siteId: string;
  collection: Collection;
  place: { page: number; search: string };
  onPlace: (place: { page: number; search: string }) => void;
  onBack: () => void;
  onOpen: (itemId: number) => void;
}) {
  const { api, siteId, collection, place } = props;
  const items = useLoad(
    () => listItems(api, siteId, collection.id, place.page, place.search),
    `${collection.id}|${place.page}|${place.search}`,
  );
  const status = useStatus();
  const [mode, setMode] = useState<ItemsMode>({ kind: 'list' });
  const total = items.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const create = async (values: Record<string, unknown>) => {
    setMode({ kind: 'list' });
    const created = await status.run(() => createItem(api, siteId, collection.id, values));
    if (created) props.onOpen(created.itemId);
  };
  const remove = async (item: Item) => {
    setMode({ kind: 'list' });
    const done = await status.run(
      () => deleteItem(api, siteId, collection.id, item._id).then(() => true),
      () => `Deleted ${itemLabel(collection.fields, item)}`,
    );
    if (!done) return;
    // The last item of a later page gone: step back a page rather than show an empty one.
    if (items.data && items.data.items.length === 1 && place.page > 0) props.onPlace({ ...place, page: place.page - 1 });
    else items.reload();
  };

  // From the answer, not the request: the header never describes a page still loading.
  const offset = items.data?.offset ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  return (
    <Box flexDirection="column">
      <Title>
        CMS · {siteId} · {collection.name}
      </Title>
      {items.data ? (
        <Text dimColor>
          Items {first}-{offset + items.data.items.length} of {total} · page {Math.floor(offset / PAGE_SIZE) + 1}/{pages}
        </Text>
      ) : null}
      <List
        items={items.data?.items ?? []}
        label={(item) => `#${item._id}  ${itemLabel(collection.fields, item)}`}
        active={mode.kind === 'list'}
        search={place.search}
        onSearch={(search) => props.onPlace({ page: 0, search })}
        onPage={(delta) => {
          const page = place.page + delta;
          if (page >= 0 && page < pages) props.onPlace({ ...place, page });
        }}
        onSelect={(item) => props.onOpen(item._id)}
        onBack={props.onBack}
        empty={
          !items.data
            ? items.loading
              ? 'Loading items…'
              : ''
            : place.search
              ? 'No items match the search'
              : 'No items yet: press n to create one'
        }
        onKey={(input, _key, item) => {
          if (input === 'n') {
            const field = titleField(collection.fields);
            if (field) setMode({ kind: 'create', field });
            else void create({});
          } else if (input === 'd' && item) setMode({ kind: 'delete', item });
        }}
      />
      {mode.kind === 'create' ? (
        <TextInput
          label={`New item: ${fieldTitle(mode.field)}`}
          onSubmit={(text) => void create({ [mode.field.id]: text })}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <Confirm
          question={`Delete ${itemLabel(collection.fields, mode.item)} (#${mode.item._id})?`}
          onYes={() => void remove(mode.item)}
          onNo={() => setMode({ kind: 'list' })}
        />
      ) : null}
      {status.busy ? <Text dimColor>Saving…</Text> : null}
      <StatusLine error={status.error ?? items.error} notice={status.notice} />
      {mode.kind === 'list' ? (
        <HelpLine keys={['↑/↓ j/k move', '←/→ page', 'Enter open', 'n new', 'd delete', '/ search', '1-4 screen', 'q/Esc back']} />
      ) : null}
    </Box>
  );
}

type ItemMode = { kind: 'fields' } | { kind: 'edit'; field: Field } | { kind: 'choose'; field: Field } | { kind: 'delete' };

function ItemView(props: { api: PagewrightClient; siteId: string; collection: Collection; itemId: number; onBack: () => void }) {
  const { api, siteId, collection, itemId } = props;
  const loaded = useLoad(() => getItem(api, siteId, collection.id, itemId), `${collection.id}|${itemId}`);
  const status = useStatus();
  const [saved, setSaved] = useState<Item | null>(null);
  const [mode, setMode] = useState<ItemMode>({ kind: 'fields' });
  const item = saved ?? loaded.data;
  const fields = collection.fields;

  const save = async (field: Field, value: unknown) => {
    setMode({ kind: 'fields' });
    const next = await status.run(
      () => updateItem(api, siteId, collection.id, itemId, { [field.id]: value }),
      () => `Saved ${fieldTitle(field)}`,
    );
    if (next) setSaved(next);
  };
  const remove = async () => {
    setMode({ kind: 'fields' });
    const done = await status.run(() => deleteItem(api, siteId, collection.id, itemId).then(() => true));
    if (done) props.onBack();
  };
  const open = (field: Field) => {
    if (!item) return;
    const editor = editorFor(field, item[field.id]);
    if (editor === 'toggle') void save(field, item[field.id] !== true);
    else if (editor === 'choice') setMode({ kind: 'choose', field });
    else if (editor === 'readonly') status.fail(`${fieldTitle(field)} (${field.type}) is edited in the web app`);
    else setMode({ kind: 'edit', field });
  };

  return (
    <Box flexDirection="column">
      <Title>
        CMS · {siteId} · {collection.name} · #{itemId}
      </Title>
      <List
        items={item ? fields : []}
        label={(f) => `${fieldTitle(f).padEnd(16)} ${showValue(item?.[f.id])}${f.hidden ? '  (hidden)' : ''}  [${f.type}]`}
        active={mode.kind === 'fields'}
        onSelect={open}
        onBack={props.onBack}
        empty={item ? 'This collection has no fields' : loaded.loading ? 'Loading the item…' : ''}
        onKey={(input, _key, field) => {
          if (input === 'e' && field) open(field);
          else if (input === 'd' && item) setMode({ kind: 'delete' });
        }}
      />
      {mode.kind === 'edit' && item ? (
        <TextInput
          label={fieldTitle(mode.field)}
          initial={inputText(item[mode.field.id])}
          hint={
            editorFor(mode.field, item[mode.field.id]) === 'list'
              ? 'entries separated by commas'
              : mode.field.type === 'number'
                ? 'a number'
                : undefined
          }
          onSubmit={(text) => void save(mode.field, valueFromInput(editorFor(mode.field, item[mode.field.id]), text))}
          onCancel={() => setMode({ kind: 'fields' })}
        />
      ) : null}
      {mode.kind === 'choose' && item ? (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>{fieldTitle(mode.field)}: choose one</Text>
          <ChoiceList
            field={mode.field}
            current={item[mode.field.id]}
            onChoose={(choice) => void save(mode.field, choice)}
            onCancel={() => setMode({ kind: 'fields' })}
          />
        </Box>
      ) : null}
      {mode.kind === 'delete' && item ? (
        <Confirm
          question={`Delete ${itemLabel(fields, item)} (#${itemId})?`}
          onYes={() => void remove()}
          onNo={() => setMode({ kind: 'fields' })}
        />
      ) : null}
      {status.busy ? <Text dimColor>Saving…</Text> : null}
      <StatusLine error={status.error ?? loaded.error} notice={status.notice} />
      {mode.kind === 'fields' ? (
        <HelpLine keys={['↑/↓ j/k move', 'Enter/e edit (toggles a yes/no)', 'd delete item', '/ search', '1-4 screen', 'q/Esc back']} />
      ) : null}
    </Box>
  );
}

/** An enum's categories, the current one first highlighted. */
function ChoiceList(props: { field: Field; current: unknown; onChoose: (choice: string) => void; onCancel: () => void }) {
  const choices = choicesOf(props.field);
  return (
    <>
      <List
        items={choices}
        initial={choices.findIndex((c) => c === props.current)}
        label={(c) => (c === props.current ? `${c}  (current)` : c)}
        onSelect={props.onChoose}
        onBack={props.onCancel}
        empty="This field has no categories"
      />
      <HelpLine keys={['↑/↓ j/k move', 'Enter choose', 'Esc cancel']} />
    </>
  );
}
