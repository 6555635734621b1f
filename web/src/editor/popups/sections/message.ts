/** The one message the section previews frame may send (spec 001 §2 "Add section"). */
export interface AddSectionMessage {
  type: 'editor.sections.add';
  templateId: string;
}

/**
 * Reads a message event from the section previews frame. The frame is sandboxed without
 * allow-same-origin, so its origin is 'null' and cannot tell it apart: only the frame's own window
 * counts as its sender, and only a message of the expected shape that names a design of the library
 * is taken. Anything else answers null and is ignored.
 */
export function readAddSection(
  event: Pick<MessageEvent, 'source' | 'data'>,
  frame: MessageEventSource | null | undefined,
  designIds: ReadonlySet<string>,
): AddSectionMessage | null {
  if (!frame || event.source !== frame) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { type, templateId } = data as Record<string, unknown>;
  if (type !== 'editor.sections.add') return null;
  if (typeof templateId !== 'string' || !designIds.has(templateId)) return null;
  return { type, templateId };
}
