// The reminder form's time zone: the browser's own until the player has chosen one.
const select = document.querySelector("[data-reminder-time-zone]");
if (select && select.dataset.chosen !== "true") {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ([...select.options].some((option) => option.value === zone)) select.value = zone;
}
