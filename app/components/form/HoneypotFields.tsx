/**
 * The registration form's honeypot fields, as remix-utils' HoneypotInputs renders them but with a
 * valid autocomplete token: remix-utils writes `autocomplete="nope"`, which is not valid HTML.
 * The props are what `honeypotInputs()` gives the loader.
 */
export function HoneypotFields({
  label,
  nameFieldName = "name__confirm",
  validFromFieldName = "from__confirm",
  encryptedValidFrom,
}: {
  label: string;
  nameFieldName?: string;
  validFromFieldName?: string | null;
  encryptedValidFrom?: string;
}) {
  return (
    <div id={`${nameFieldName}_wrap`} className="honeypot" aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
