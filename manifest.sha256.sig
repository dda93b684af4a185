# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: ucE2EVRyvLONSi2xofSFqHjtCtwfS97BEbx9sA/h/hLugYwm+zRPVuJXahB1IBMVg5quXl/4zQcj9CbkaUC0Bg==
key: d5e9-3725-6cff-20a3
