// The engine's constants (goal spaces, patch spaces, turns) as the server wrote them into the
// page (puzzles/templatetags/engine.py): never retyped here.
const data = JSON.parse(document.getElementById("calico-engine").textContent);

export const GOAL_CELLS = data.goal_cells;
export const PATCH_CELLS = data.patch_cells;
export const TURNS = data.turns;
