/**
 * The app's frame while the first screen's code arrives (the router's hydrate fallback): the same
 * bar as the frame index.html draws before any script, so the page does not flash blank between them.
 */
export function FirstLoadFrame() {
  return (
    <div aria-hidden="true" style={{ minHeight: '100vh', background: '#f9fafb' }}>
      <div
        style={{
          height: '3.75rem',
          borderBottom: '1px solid #e5e7eb',
          background: '#fff',
          display: 'flex',
          alignItems: 'center',
          padding: '0 1.5rem',
          font: '700 1.05rem/1 Inter, ui-sans-serif, system-ui, sans-serif',
          color: '#111827',
        }}
      >
        Pagewright
      </div>
    </div>
  );
}
