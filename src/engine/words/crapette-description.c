/* crapette-description.c: moves in words, for screen readers, the history and the computer's last move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each sentence is written whole for the person spoken to ("You play…") and for a player
 * named in the third person ("Computer (Medium) plays…"), so that translators can conjugate
 * the verb; the players and their piles are named as crapette-player-names.c names them. The
 * move history lists each move as a shorter line with no subject, under its player's name.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-description.h"

#include "crapette-locale.h"
#include "crapette-names.h"
#include "crapette-round.h"
#include "crapette-view.h"

/* A house, foundation or tableau pile as the table shows it: it has no number on the table, so
 * it is named by the card on it ("the Eight of Clubs") or as "an empty house" when it is the
 * target, and as "a house" when a card leaves it. A player's own pile goes to
 * crapette_player_pile_name_to(), spoken to @reader (%CRAPETTE_NO_SEAT: by names). */
static char *
place_name (const CrapettePosition    *position,
            CrapettePileId             pile,
            gboolean                   target,
            const CrapettePlayerNames *names,
            CrapetteSeat               reader)
{
  gboolean american = position->variant == CRAPETTE_VARIANT_AMERICAN;
  CrapetteCard top;

  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      top = crapette_position_top (position, pile);
      if (!target)
        return g_strdup (american ? _("a tableau pile") : _("a house"));
      if (!crapette_card_is_real (top))
        return g_strdup (american ? _("an empty tableau pile") : _("an empty house"));
      {
        g_autofree char *card = crapette_card_spoken_name (top);

        /* Translators: a house or tableau pile named by the card on top of it, as the
         * target of a move: "the Eight of Clubs" */
        return g_strdup_printf (_("the %s"), card);
      }
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return g_strdup (american ? _("a completed sequence") : _("a foundation"));
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      if (reader < CRAPETTE_N_SEATS)
        return crapette_player_pile_name_to (names, position->variant, pile, reader);
      return crapette_player_pile_name (names, position->variant, pile);
    }
}

/* The words of a card move: the card, where it comes from and where it goes, the players'
 * piles spoken to @reader (%CRAPETTE_NO_SEAT: named by the players' names). */
typedef struct
{
  char *card;
  char *from;
  char *to;
} CardMoveWords;

static void
card_move_words_init (CardMoveWords             *words,
                      const CrapettePosition    *position,
                      const CrapetteMove        *move,
                      const CrapettePlayerNames *names,
                      CrapetteSeat               reader)
{
  words->card = crapette_card_spoken_name (crapette_position_top (position, move->from));
  words->from = place_name (position, move->from, FALSE, names, reader);
  words->to = place_name (position, move->to, TRUE, names, reader);
}

static void
card_move_words_clear (CardMoveWords *words)
{
  g_free (words->card);
  g_free (words->from);
  g_free (words->to);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CardMoveWords, card_move_words_clear)

static char *
describe_by_you (const CrapettePosition    *position,
                 const CrapetteMove        *move,
                 const CrapettePlayerNames *names)
{
  switch (move->kind)
    {
    case CRAPETTE_MOVE_TURN:
      return g_strdup (position->variant == CRAPETTE_VARIANT_AMERICAN
                       ? _("You turn the top card of your hand.")
                       : _("You turn the top card of your stock."));
    case CRAPETTE_MOVE_END_TURN:
      return g_strdup (_("You end your turn."));
    case CRAPETTE_MOVE_CARD:
    default:
      {
        g_auto(CardMoveWords) words = { NULL, NULL, NULL };

        card_move_words_init (&words, position, move, names, CRAPETTE_NO_SEAT);

        /* Translators: the person playing against the computer is spoken to: "You play the
         * Seven of Diamonds from your reserve to House 3." */
        return g_strdup_printf (_("You play the %s from %s to %s."),
                                words.card, words.from, words.to);
      }
    }
}

static char *
describe_by_other (const CrapettePosition    *position,
                   const CrapetteMove        *move,
                   const CrapettePlayerNames *names)
{
  const char *player = crapette_player_names_get (names, position->to_move);

  switch (move->kind)
    {
    case CRAPETTE_MOVE_TURN:
      return g_strdup_printf (position->variant == CRAPETTE_VARIANT_AMERICAN
                              /* Translators: %s is a player: a name, "Computer (Medium)", South or North */
                              ? _("%s turns the top card of the hand.")
                              : _("%s turns the top card of the stock."),
                              player);
    case CRAPETTE_MOVE_END_TURN:
      /* Translators: %s is a player: a name, "Computer (Medium)", South or North */
      return g_strdup_printf (_("%s ends the turn."), player);
    case CRAPETTE_MOVE_CARD:
    default:
      {
        g_auto(CardMoveWords) words = { NULL, NULL, NULL };

        card_move_words_init (&words, position, move, names, CRAPETTE_NO_SEAT);

        /* Translators: "South plays the Seven of Diamonds from South’s reserve to Foundation 3." */
        return g_strdup_printf (_("%s plays the %s from %s to %s."),
                                player, words.card, words.from, words.to);
      }
    }
}

/* @move as a line of the move history, under the name of the player who made it: no subject,
 * so that it reads the same under "You" and under any other player. */
static char *
describe_line (const CrapettePosition    *position,
               const CrapetteMove        *move,
               const CrapettePlayerNames *names)
{
  switch (move->kind)
    {
    case CRAPETTE_MOVE_TURN:
      return g_strdup (position->variant == CRAPETTE_VARIANT_AMERICAN
                       /* Translators: a line of the move history, under the player's name */
                       ? _("Turned the top card of the hand.")
                       /* Translators: a line of the move history, under the player's name */
                       : _("Turned the top card of the stock."));
    case CRAPETTE_MOVE_END_TURN:
      /* Translators: a line of the move history, under the player's name */
      return g_strdup (_("Ended the turn."));
    case CRAPETTE_MOVE_CARD:
    default:
      {
        g_auto(CardMoveWords) words = { NULL, NULL, NULL };

        card_move_words_init (&words, position, move, names, CRAPETTE_NO_SEAT);

        /* Translators: a line of the move history, under the player's name: "Seven of
         * Diamonds from your reserve to the Eight of Clubs." */
        return g_strdup_printf (_("%s from %s to %s."), words.card, words.from, words.to);
      }
    }
}

/* The call of "Stop!", said by the player who calls it, who may not be the
 * player to move (crapette_position_caller()). */
static char *
describe_call (const CrapettePosition    *position,
               const CrapettePlayerNames *names)
{
  CrapetteSeat caller = crapette_position_caller (position);

  if (crapette_player_names_person (names, caller) == CRAPETTE_PLAYER_YOU)
    return g_strdup (_("You call “Stop!”: the moves from the mistake on are taken back."));
  /* Translators: %s is a player who calls a missed move: a name, "Computer (Medium)", South or North */
  return g_strdup_printf (_("%s calls “Stop!”: the moves from the mistake on are taken back."),
                          crapette_player_names_get (names, caller));
}

/* A sentence saying what @move does in @position, before it is played, with the players and
 * their piles named as @names names them (%NULL: two people with no names). Numbers are in
 * the digits of the player's language. */
char *
crapette_describe_move_by (const CrapettePosition    *position,
                           const CrapetteMove        *move,
                           const CrapettePlayerNames *names)
{
  g_autofree char *sentence = NULL;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (move->kind == CRAPETTE_MOVE_STOP)
    sentence = describe_call (position, names);
  else if (crapette_player_names_person (names, position->to_move) == CRAPETTE_PLAYER_YOU)
    sentence = describe_by_you (position, move, names);
  else
    sentence = describe_by_other (position, move, names);
  return crapette_locale_localize_digits (sentence);
}

/* @move in @position, before it is played, as a line of the move history under the name of
 * the player who made it: "Seven of Diamonds from your reserve to the Eight of Clubs." A call
 * of "Stop!" is the whole sentence, since its player is not the one whose turn it was. */
char *
crapette_describe_move_line (const CrapettePosition    *position,
                             const CrapetteMove        *move,
                             const CrapettePlayerNames *names)
{
  g_autofree char *line = NULL;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (move->kind == CRAPETTE_MOVE_STOP)
    line = describe_call (position, names);
  else
    line = describe_line (position, move, names);
  return crapette_locale_localize_digits (line);
}

/* What @played (as the round recorded it, with its card) turned face up, played from
 * @before: "Turned up: Seven of Diamonds" for the card turned from a stock or hand, or the
 * card it uncovered in a reserve; %NULL when it showed nothing new. */
char *
crapette_describe_revealed (const CrapettePosition *before,
                            const CrapetteMove     *played)
{
  CrapettePosition after;
  CrapetteCard shown = CRAPETTE_CARD_NONE;

  g_return_val_if_fail (before != NULL, NULL);
  g_return_val_if_fail (played != NULL, NULL);

  /* A call turns nothing up: it takes moves back (crapette-round.c). */
  if (played->kind != CRAPETTE_MOVE_CARD && played->kind != CRAPETTE_MOVE_TURN)
    return NULL;
  after = *before;
  crapette_position_apply_move (&after, played);
  if (played->kind == CRAPETTE_MOVE_TURN)
    shown = played->card;
  else if (played->kind == CRAPETTE_MOVE_CARD)
    {
      guint left = after.piles[played->from].count;

      if (left > 0 && crapette_position_is_face_up (&after, played->from, left - 1) &&
          !crapette_position_is_face_up (before, played->from, left - 1))
        shown = crapette_position_top (&after, played->from);
    }
  if (!crapette_card_is_real (shown))
    return NULL;
  {
    g_autofree char *name = crapette_card_spoken_name (shown);

    /* Translators: a note under a move in the history: the card it turned face up */
    return g_strdup_printf (_("Turned up: %s"), name);
  }
}

/* @played, as the round recorded it, played from @before, as the move history lists it: its
 * line (crapette_describe_move_line()), with the players and their piles named by @names, seen
 * as the table shows @before; in @sentence the whole sentence, for screen readers; who made it
 * in @mover (for a "Stop!" call, the caller); in @load whether it put a card on the opponent's
 * pile; and in @revealed what it turned up (crapette_describe_revealed()). */
char *
crapette_describe_history_move (const CrapettePosition    *before,
                                const CrapetteMove        *played,
                                const CrapettePlayerNames *names,
                                char                     **sentence,
                                CrapetteSeat              *mover,
                                gboolean                  *load,
                                char                     **revealed)
{
  CrapettePosition view;

  g_return_val_if_fail (before != NULL, NULL);
  g_return_val_if_fail (played != NULL, NULL);
  g_return_val_if_fail (sentence != NULL && mover != NULL && load != NULL && revealed != NULL,
                        NULL);

  *mover = played->kind == CRAPETTE_MOVE_STOP ? crapette_position_caller (before)
                                              : (CrapetteSeat) before->to_move;
  *load = played->kind == CRAPETTE_MOVE_CARD &&
          crapette_pile_seat (played->to) == crapette_seat_opponent (*mover);
  *revealed = crapette_describe_revealed (before, played);
  crapette_view_init (&view, before);
  *sentence = crapette_describe_move_by (&view, played, names);
  return crapette_describe_move_line (&view, played, names);
}

/* A hint for the player to move in @position, as advice spoken to them, with the piles named
 * as the table shows them: "Hint: put the Eight of Diamonds from your reserve onto the Nine of
 * Clubs." The other player is named as @names names them. */
char *
crapette_describe_hint (const CrapettePosition    *position,
                        const CrapetteMove        *move,
                        const CrapettePlayerNames *names)
{
  g_autofree char *sentence = NULL;
  CrapetteSeat reader;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  reader = position->to_move;
  switch (move->kind)
    {
    case CRAPETTE_MOVE_TURN:
      sentence = g_strdup (position->variant == CRAPETTE_VARIANT_AMERICAN
                           ? _("Hint: turn the top card of your hand.")
                           : _("Hint: turn the top card of your stock."));
      break;
    case CRAPETTE_MOVE_END_TURN:
      sentence = g_strdup (_("Hint: nothing more to play, so end your turn."));
      break;
    case CRAPETTE_MOVE_CARD:
    default:
      {
        g_auto(CardMoveWords) words = { NULL, NULL, NULL };

        card_move_words_init (&words, position, move, names, reader);

        /* Translators: advice to the player to move: "Hint: put the Eight of Diamonds from
         * your reserve onto the Nine of Clubs." */
        sentence = g_strdup_printf (_("Hint: put the %s from %s onto %s."),
                                    words.card, words.from, words.to);
      }
    }
  return crapette_locale_localize_digits (sentence);
}

/* A sentence saying what @move does in @position, before it is played, by seat names. */
char *
crapette_describe_move (const CrapettePosition *position,
                        const CrapetteMove     *move)
{
  return crapette_describe_move_by (position, move, NULL);
}
