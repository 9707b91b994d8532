// Dates and times as people read them, in Athens time: the one date helper (issue #25 §5). Times are
// on the 24-hour clock in both languages (el-GR's default is "4:05 μ.μ."), so every style that shows a
// time gets hourCycle 'h23'. Building an Intl.DateTimeFormat costs about 0.3 ms of CPU (locale data,
// time-zone rules), and `toLocaleDateString(locale, options)` builds one on every call: the 50 rows of
// the domain list spent some 15 ms of a page's CPU on it (issue #21 §4). One formatter per language
// and style instead, kept for the isolate's life (they hold no request data).
const formats = new Map<string, Intl.DateTimeFormat>();

const showsTime = (o: Intl.DateTimeFormatOptions) => o.timeStyle !== undefined || o.hour !== undefined || o.minute !== undefined || o.second !== undefined;

export function athensFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = lang === 'en' ? 'en-GB' : 'el-GR';
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // hour12 would override hourCycle: the clock is always 24-hour here.
    const { hour12: _ignored, ...rest } = options;
    formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...rest, ...(showsTime(rest) ? { hourCycle: 'h23' as const } : {}), timeZone: 'Europe/Athens' })));
  }
  return format;
}
