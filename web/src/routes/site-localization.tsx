/** The localization route of spec 002 §2 (issue 15 builds it). */
export default function SiteLocalization() {
  return <main className="p-8 text-sm text-gray-500">Localization</main>;
}
