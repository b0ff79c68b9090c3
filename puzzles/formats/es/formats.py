# Spanish dates as Spanish writes them: 1 de diciembre de 2026.
DATE_FORMAT = r"j \d\e F \d\e Y"  # 1 de diciembre de 2026
SHORT_DATE_FORMAT = "D, j M Y"  # mar, 1 dic 2026
MONTH_DAY_FORMAT = "j M"  # 1 dic
