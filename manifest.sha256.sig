# manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
signature: Ue23tLho9NFfjd/q48PCs29QCdNzHYUcrx/0BJdBKu/AwnkL8xIT0ssK+z1xIThY3WT9byaQSDRbX+WLPgGsDg==
key: 4338-afb4-eb82-715b
