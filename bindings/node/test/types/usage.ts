// A typed use of the package, checked by `tsc --noEmit --strict` (make test-node): the
// declarations must accept what the API takes, give what it returns, and refuse what it refuses
// (each @ts-expect-error fails the check if the line compiles).
import {
  Catalog, ErrorFormatterError, FIELDS, FormattedError, LintFinding, LookupResult, Status,
  double, int64, libraryVersion, lint, localeChain, normalizeLocale, preferencesFromAcceptLanguage,
  preferencesFromEnvironment, statusName, uint64, version,
} from 'errorformatter';

const catalog: Catalog = Catalog.open('Examples/CoreLocation', { developmentLocale: 'en', strict: false });
const built: Catalog = Catalog.fromTables([
  { locale: 'en', fileName: 'Localizable.strings', data: '"errors.title" = "Problem";' },
  { locale: null, fileName: 'Localizable.strings', data: new Uint8Array([0x22]) },
]);
const later: Promise<Catalog> = Catalog.openAsync(new URL('file:///catalog'), { strict: true });
const lazy: Catalog = Catalog.open('Examples/CoreLocation', { onDemand: true });
lazy.compile(new URL('file:///catalog.efc'));
const written: Promise<void> = lazy.compileAsync(new TextEncoder().encode('catalog.efc'));
void written.catch(() => undefined);
// @ts-expect-error -- a path is a string, bytes or a URL
void lazy.compileAsync(42);
// @ts-expect-error -- a catalog built in memory has nothing to read on demand
Catalog.fromTables([], { onDemand: true });
const shared: Promise<Catalog> = Catalog.openAsync('catalog.efc', { mapped: true, onDemand: true });
void shared.then((opened) => opened.close(), () => undefined);
// @ts-expect-error -- a catalog built in memory has no file to map
Catalog.fromTables([], { mapped: true });
void later.then((opened) => opened.close(), () => undefined);
const shown: FormattedError = catalog.format('kCLErrorDomain', 0n, {
  locales: preferencesFromAcceptLanguage('fr-CA, fr;q=0.8'),
  description: null,
  arguments: ['name', 3, 3n, int64(-1), uint64(18446744073709551615n), double(2)],
});
const title: string = shown.title;
const origin: string | null = shown.provenance.title.locale;
const why: string = shown.provenance.message.rejections.map(String).join('\n');
const found: LookupResult = built.lookup('errors.title', { locales: preferencesFromEnvironment() });
const value: string | null = found.value;
const findings: readonly LintFinding[] = lint(['Examples/CoreLocation'], { developmentLocale: 'en' });
const chainKinds: string[] = localeChain('es-MX').entries.map((entry) => entry.kind);
const normalized: string = normalizeLocale('zh-Hant-TW');
const fields: readonly string[] = FIELDS;
const names: string[] = [statusName(Status.EF_E_PARSE), libraryVersion(), version];

try {
  catalog.close();
} catch (error) {
  if (error instanceof ErrorFormatterError) {
    const where: string = `${error.file ?? '-'}:${error.line}:${error.column} ${error.code} ${error.status}`;
    void where;
  }
}

// @ts-expect-error -- results are read-only
shown.title = 'changed';
// @ts-expect-error -- a single string is not a preference list
catalog.format('D', 1, { locales: 'fr' });
// @ts-expect-error -- misspelt option
catalog.format('D', 1, { locale: ['fr'] });
// @ts-expect-error -- booleans are not arguments
catalog.format('D', 1, { arguments: [true] });
// @ts-expect-error -- catalogs come from open() or fromTables()
new Catalog();

void [title, origin, why, value, findings, chainKinds, normalized, fields, names];
