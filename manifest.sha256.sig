# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: qkiW8hFNLug3pAqV1abzAC8efSB3j7tfU89c3rpD6X8Kjr36GYyivxH0H/Wkt0i5TB+EY3YkCUoCMmw8/oZ+Cw==
key: 4338-afb4-eb82-715b
