"""The day after: how everyone played a closed day's deal, told from every ranked game of it
(and the reviews of them), computed once by a worker after the close."""
