// One screen per turn: the board takes the height the screen leaves it. Measured at scroll 0
// (where Start and every move leave the page): from the board's top (under the header, the
// game's status and any notice) to the screen's bottom, less the controls when they sit under
// the board (a phone: hand, market, hint and its words, or the goal picker and Start).
// Re-measured whenever the controls or the page change size.

const GAP = 10; // px between the board and what is under it
const MIN = 200; // never smaller than this: below it, scroll rather than squint

export function keepFitted(board, controls) {
  const { svg } = board;
  const ratio = board.geometry.width / board.geometry.height;
  let frame = 0;
  const fit = () => {
    frame = 0;
    const box = svg.getBoundingClientRect();
    if (!box.width) return; // hidden
    const top = box.top + window.scrollY;
    const tray = controls.getBoundingClientRect();
    const under = tray.height > 0 && tray.left < box.right - 1; // not beside the board
    const room = Math.max(MIN, window.innerHeight - top - (under ? tray.height + GAP : 0) - GAP);
    const height = `${Math.floor(room)}px`;
    if (svg.style.maxHeight !== height) {
      svg.style.maxHeight = height;
      svg.style.maxWidth = `${Math.floor(room * ratio)}px`;
    }
  };
  const later = () => { if (!frame) frame = requestAnimationFrame(fit); };
  const watcher = new ResizeObserver(later);
  watcher.observe(controls);
  watcher.observe(document.body);
  window.addEventListener("resize", later);
  fit();
  return fit;
}
