# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: To7sjHnQB6HVwZdotuU7OsEub/SJLsbWWvRheZuC39ngJ/WpIztVLV+QjKTP7fkiv+ZA52rIN3ZEe1r3VLt1BQ==
key: 4338-afb4-eb82-715b
