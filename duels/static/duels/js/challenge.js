// "Challenge a friend": a button that makes a duel (POST /api/duels/, on its game's deal or on
// today's daily) and opens its page, where the link is shown to send.
import { api } from "../../puzzles/js/api.js";

for (const button of document.querySelectorAll("[data-duel-challenge]")) {
  button.addEventListener("click", async () => {
    const note = button.parentElement.querySelector("[data-duel-challenge-note]");
    button.disabled = true;
    try {
      const game = button.dataset.game;
      const duel = await api.createDuel(game ? { game: Number(game) } : { date: new Date().toISOString().slice(0, 10) });
      location.assign(duel.url);
    } catch (error) {
      button.disabled = false;
      if (note) note.textContent = error.message;
    }
  });
}
