// A document number never breaks mid-number (issue #25 §6): 'REC-000001' would wrap at its hyphen on
// a phone. The number stays the plain text it is (copied and searched as printed), in a no-break span.
export function DocumentNumberText({ number, className = '' }: { number: string; className?: string }) {
  return <span className={className ? `whitespace-nowrap ${className}` : 'whitespace-nowrap'}>{number}</span>;
}

/** A translated phrase with the number inside it ("Απόδειξη REC-000001"): the number part kept whole. */
export function WithDocumentNumber({ text, number }: { text: string; number: string }) {
  const at = text.indexOf(number);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <DocumentNumberText number={number} />
      {text.slice(at + number.length)}
    </>
  );
}
