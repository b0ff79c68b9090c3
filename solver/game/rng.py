"""A seeded random stream that is the same on every machine and Python version.

``random.Random`` promises no stable sequence across versions, so dealing uses its own
stream: SHA-256 in counter mode. Block k is ``sha256(utf8(seed) + b"/" + k as 8 bytes
big-endian)``; the stream is the blocks' bytes in order, read as unsigned 64-bit big-endian
words. ``below(n)`` draws words until one falls under the largest multiple of n that fits in
64 bits (rejection, so no bias) and returns it modulo n. ``shuffle`` is Fisher–Yates from the
last position down: position i swaps with ``below(i + 1)``.
"""

import hashlib
import struct

_WORD = 1 << 64


class SeededStream:
    def __init__(self, seed: str):
        self._seed = seed.encode("utf-8")
        self._counter = 0
        self._buffer = b""

    def _word(self) -> int:
        if len(self._buffer) < 8:
            block = hashlib.sha256(self._seed + b"/" + self._counter.to_bytes(8, "big"))
            self._buffer += block.digest()
            self._counter += 1
        word, self._buffer = self._buffer[:8], self._buffer[8:]
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        limit = _WORD - _WORD % n
        while (word := self._word()) >= limit:
            pass
        return word % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:
        # ``below(i + 1)`` for each i, its words read four to a block at once (a sampled
        # future is a shuffle: the solver makes thousands a game); the same stream, the same
        # draws, the unread words kept for the next call
        words = list(struct.unpack(f">{len(self._buffer) // 8}Q", self._buffer))
        at = 0
        seed, counter = self._seed + b"/", self._counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _WORD - _WORD % n
            while True:
                if at == len(words):
                    block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
                    words.extend(struct.unpack(">4Q", block))
                    counter += 1
                word = words[at]
                at += 1
                if word < limit:
                    break
            j = word % n
            items[i], items[j] = items[j], items[i]
        self._buffer = struct.pack(f">{len(words) - at}Q", *words[at:])
        self._counter = counter
        return items
