// Dates as the pages show them, in Athens time. Building an Intl.DateTimeFormat costs about 0.3 ms of
// CPU (locale data, time-zone rules), and `toLocaleDateString(locale, options)` builds one on every
// call: the 50 rows of the domain list spent some 15 ms of a page's CPU on it (issue #21 §4). One
// formatter per language and style instead, kept for the isolate's life (they hold no request data).
const formats = new Map<string, Intl.DateTimeFormat>();

export function athensFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = lang === 'en' ? 'en-GB' : 'el-GR';
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Athens' })));
  return format;
}
