import { Fragment } from "react";
import { addressLines, type PostalAddress } from "~/domain/address/format";

/** The address's lines for an <address> element, one below the other. */
export function AddressLines({ address }: { address: PostalAddress }) {
  return addressLines(address).map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address; their position is their identity
    <Fragment key={i}>
      {i ? <br /> : null}
      {line}
    </Fragment>
  ));
}
