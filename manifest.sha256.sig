# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: JsMsBJrNtuDS9IlL41PyWMsWs+kuYUu2djXIyaoIrJsWOec45r4e79w1sfzX+h6AYuzcflaD8QpT7ik7N1EIAw==
key: 4338-afb4-eb82-715b
