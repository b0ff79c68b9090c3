# English as the site wrote it before it had a second language: 1 December 2026.
DATE_FORMAT = "j F Y"  # 1 December 2026
SHORT_DATE_FORMAT = "D j M Y"  # Tue 1 Dec 2026
MONTH_DAY_FORMAT = "j M"  # 1 Dec
