# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: IpGjuXYJihersmaDsIxYARyUgdBpLnv0j4fWei8+kz7tDpzoDHAGqb2iTAv9AYShb70nkM6eWmmMqd7SA02zBg==
key: d5e9-3725-6cff-20a3
