# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: TPqWmJgp5Y8/Z/IYLfAjJVoQWJTq5LvI6DX+t95KLdJMzWk85MKswBxIl33MfpJZ7tqn7fJmWhbXZxJn3qd8Dg==
key: 4338-afb4-eb82-715b
