/** The cms route of spec 002 §2 (issue 15 builds it). */
export default function SiteCms() {
  return <main className="p-8 text-sm text-gray-500">Cms</main>;
}
