// The design goals (id -> {label, symbol, one, both, ...}) as the engine names them, from the
// API (GET /api/goals/). Fetched once per page; a module importing this waits for it.
import { api } from "./api.js";

export const GOALS = Object.fromEntries((await api.goals()).goals.map((goal) => [goal.id, goal]));
export const goalLabel = (id) => (GOALS[id] ? GOALS[id].label : id);
