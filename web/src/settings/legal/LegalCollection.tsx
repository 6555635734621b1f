import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import iconArrowLeft from '@iconify-icons/lucide/arrow-left';
import iconPlus from '@iconify-icons/lucide/plus';
import iconScale from '@iconify-icons/lucide/scale';
import { createColumnHelper } from '@tanstack/react-table';
import { useShallow } from 'zustand/react/shallow';
import { cellText, FieldPanel, fieldTitle, ItemPanel, type FieldType, type PanelWrites } from '../../cms/public.ts';
import { messages } from '../../lib/messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { DataTable, type Features } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PlanNotice } from '../form/PlanNotice.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import type { Item } from '../store/legal.ts';
import { useRole, useSite } from '../useSite.ts';
import { COLLECTION_LABELS } from './labels.ts';

const column = createColumnHelper<Features, Item>();

/** The field types a legal list needs; the CMS screens offer the rest. */
const LEGAL_FIELD_TYPES: readonly FieldType[] = ['text', 'richtext', 'number', 'date', 'list'];

/**
 * A legal collection (settings/legal/{collectionId}) with its item and field panels as children:
 * items/{itemId}, items/create, fields/{fieldId}, fields/create.
 */
export default function LegalCollection() {
  const site = useSite();
  const { owner, readOnly, plan } = useRole();
  const { collectionId = '', '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const legal = useSettings((s) => s.legal);
  const load = useSettings((s) => s.loadLegal);
  const writes = useSettings(
    useShallow((s): PanelWrites => ({ saveItem: s.saveLegalItem, deleteItem: s.deleteLegalItem, saveField: s.saveLegalField })),
  );
  const main = site.settings?.languages[0] ?? 'en';
  const base = `/sites/${encodeURIComponent(site.id)}/settings/legal/${encodeURIComponent(collectionId)}`;
  const editable = plan.legal && !readOnly;

  useEffect(() => {
    if (legal === null) void load();
  }, [legal, load]);

  const collection = legal?.collections.find((c) => c.id === collectionId);
  const items = useMemo(() => legal?.items.get(collectionId) ?? [], [legal, collectionId]);
  const [kind, entry] = rest.split('/');
  const visible = useMemo(() => collection?.fields.filter((f) => !f.hidden) ?? [], [collection]);
  const columns = useMemo(
    () =>
      visible.map((field) =>
        column.accessor((item) => new Map(Object.entries(item)).get(field.id), {
          id: field.id,
          header: fieldTitle(field, main),
          cell: (c) =>
            field.type === 'published' ? (
              <span className={`text-xs ${c.getValue() === false ? 'text-gray-600' : 'text-emerald-700'}`}>
                {c.getValue() === false ? 'Draft' : 'Published'}
              </span>
            ) : (
              <span className="line-clamp-1">{cellText(c.getValue(), main, main)}</span>
            ),
        }),
      ),
    [visible, main],
  );

  if (legal !== null && !collection) {
    return (
      <SettingsPage title="Collection not found" description={messages.collectionNotFound}>
        <Link to=".." relative="path" className="text-xs font-medium text-brand-700 hover:underline">
          Back to legal
        </Link>
      </SettingsPage>
    );
  }
  const label = COLLECTION_LABELS[collectionId] ?? { title: collection?.name ?? collectionId, text: '' };
  const itemId = kind === 'items' && entry && entry !== 'create' ? Number(entry) : null;
  const openItem = itemId !== null ? items.find((i) => i._id === itemId) : undefined;
  const itemPanel = kind === 'items' && (entry === 'create' || openItem);
  const openField = kind === 'fields' && entry && entry !== 'create' ? collection?.fields.find((f) => f.id === entry) : undefined;
  const fieldPanel = kind === 'fields' && (entry === 'create' || openField);

  return (
    <SettingsPage
      title={label.title}
      description={label.text}
      wide
      panel={itemPanel || fieldPanel ? 480 : null}
      actions={
        <>
          <Link to=".." relative="path" className="mr-1 flex items-center gap-1 text-xs font-medium text-gray-700 hover:text-gray-900">
            <Iconify icon={iconArrowLeft} className="size-3.5" /> Legal
          </Link>
          {editable && (
            <Button size="sm" onClick={() => navigate(`${base}/items/create`)}>
              <Iconify icon={iconPlus} className="size-3.5" /> New item
            </Button>
          )}
        </>
      }
    >
      {!plan.legal && (
        <div className="mb-6 max-w-[480px]">
          <PlanNotice feature="Legal collections need a pricing plan with the legal feature." owner={owner} />
        </div>
      )}
      {!collection ? (
        <TableSkeleton columns={4} />
      ) : (
        <div className="space-y-6">
          {items.length === 0 ? (
            <EmptyState icon={iconScale} title={messages.itemsNone} text="Add what the privacy policy should list." />
          ) : (
            <DataTable
              label={label.title}
              columns={columns}
              data={items}
              rowId={(i) => String(i._id)}
              selectedId={openItem ? String(openItem._id) : null}
              onOpen={editable ? (i) => navigate(`${base}/items/${i._id}`) : undefined}
              testId="legal-item-row"
            />
          )}
          <section aria-labelledby="legal-fields">
            <div className="mb-2 flex items-center justify-between">
              <h2 id="legal-fields" className="text-[13px] font-semibold text-gray-900">
                Fields
              </h2>
              {editable && (
                <Button variant="secondary" size="sm" className="h-7 px-2.5 text-xs" onClick={() => navigate(`${base}/fields/create`)}>
                  <Iconify icon={iconPlus} className="size-3.5" /> New field
                </Button>
              )}
            </div>
            <ul className="flex flex-wrap gap-1.5" aria-label="Fields">
              {collection.fields.map((f) => (
                <li key={f.id}>
                  <button
                    type="button"
                    disabled={!editable}
                    onClick={() => navigate(`${base}/fields/${encodeURIComponent(f.id)}`)}
                    aria-pressed={openField?.id === f.id}
                    className={`flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs ring-1 ring-inset disabled:cursor-default ${openField?.id === f.id ? 'bg-brand-50 ring-brand-600' : 'ring-gray-300 hover:bg-gray-50'} ${f.hidden ? 'text-gray-600' : 'text-gray-900'}`}
                  >
                    {fieldTitle(f, main)}
                    <span className="text-[11px] text-gray-600">{f.type}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {collection && itemPanel && (
        <ItemPanel
          key={entry}
          siteId={site.id}
          collection={collection}
          itemId={openItem?._id ?? null}
          language={main}
          main={main}
          readOnly={!editable}
          writes={writes}
          onClose={() => navigate(base)}
        />
      )}
      {collection && fieldPanel && (
        <FieldPanel
          key={entry}
          collection={collection}
          field={openField ?? null}
          main={main}
          languages={site.settings?.languages ?? [main]}
          types={LEGAL_FIELD_TYPES}
          writes={writes}
          onClose={() => navigate(base)}
        />
      )}
    </SettingsPage>
  );
}
