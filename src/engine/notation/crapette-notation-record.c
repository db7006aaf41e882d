/* crapette-notation-record.c: moves and whole rounds as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is one line such as "S: R 7♦ → F3"; a record is the head of a round
 * (its deal, or the position it starts from; see crapette-notation-position-read.c)
 * followed by one move a line (docs/notation.md, "Moves" and "Records"). The
 * moves are read in the position they are played in, so that bare pile codes
 * and cards without their pack marker can be understood.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-refusal.h"

/* A real round has a few thousand moves at most. */
#define MAX_RECORD_MOVES 1000000

/* ---- Moves ----------------------------------------------------------------- */

/* The card that turning would bring up, found by turning on a copy; only
 * asked when turning is legal. */
static CrapetteCard
card_to_be_turned (const CrapettePosition *position,
                   const CrapetteMove     *turn)
{
  CrapettePosition after = *position;

  crapette_position_apply_move (&after, turn);
  return crapette_position_top (&after, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                               position->to_move));
}

/* Sets @move to the legal move of @kind (a turn or an end of turn). If there
 * is none, sets a bare move of that kind, which the rules will refuse with
 * their own reason, and returns FALSE. */
static gboolean
find_plain_move (const CrapettePosition *position,
                 CrapetteMoveKind        kind,
                 CrapetteMove           *move)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (position, moves);

  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == kind)
        {
          *move = moves[i];
          return TRUE;
        }
    }
  move->kind = kind;
  move->from = CRAPETTE_NO_PILE;
  move->to = CRAPETTE_NO_PILE;
  move->card = CRAPETTE_CARD_NONE;
  return FALSE;
}

/* Whether @given names @actual; without a pack marker rank and suit suffice. */
static gboolean
card_matches (CrapetteCard given,
              gboolean     pack_given,
              CrapetteCard actual)
{
  if (!crapette_card_is_real (actual))
    return FALSE;
  if (pack_given)
    return given == actual;
  return given % CRAPETTE_CARDS_PER_PACK == actual % CRAPETTE_CARDS_PER_PACK;
}

static gboolean
read_turn (const CrapettePosition  *position,
           const char             **cursor,
           guint                    line,
           CrapetteMove            *move,
           GError                 **error)
{
  CrapetteCard given = CRAPETTE_CARD_NONE;
  gboolean pack_given = FALSE;

  if (**cursor != '\0' && !crapette_notation_read_card (cursor, line, &given, &pack_given, error))
    return FALSE;

  /* If turning is not allowed here, the bare turn goes to the rules, which say why. */
  if (!find_plain_move (position, CRAPETTE_MOVE_TURN, move))
    return TRUE;

  if (given != CRAPETTE_CARD_NONE)
    {
      CrapetteCard turned = card_to_be_turned (position, move);

      if (!card_matches (given, pack_given, turned))
        {
          g_autofree char *given_name = crapette_notation_card_name (given);
          g_autofree char *turned_name = crapette_notation_card_name (turned);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, line,
                                       _("The card turned up is the %s, not the %s"),
                                       turned_name, given_name);
          return FALSE;
        }
      /* The text named the card, so the move may name it too. */
      move->card = turned;
    }
  return TRUE;
}

static gboolean
read_card_move (const CrapettePosition  *position,
                const char             **cursor,
                guint                    line,
                CrapetteMove            *move,
                GError                 **error)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  CrapetteCard given = CRAPETTE_CARD_NONE;
  gboolean pack_given = FALSE;
  CrapetteCard top;
  gsize arrow;

  move->kind = CRAPETTE_MOVE_CARD;
  if (!crapette_notation_read_pile (ops, cursor, position->to_move, line, &move->from, error))
    return FALSE;
  if (crapette_notation_arrow_length (*cursor) == 0 &&
      !crapette_notation_read_card (cursor, line, &given, &pack_given, error))
    return FALSE;
  arrow = crapette_notation_arrow_length (*cursor);
  if (arrow == 0)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("An arrow (→ or ->) must lead to the pile the card goes to"));
      return FALSE;
    }
  *cursor = crapette_notation_skip_blanks (*cursor + arrow);
  if (!crapette_notation_read_pile (ops, cursor, position->to_move, line, &move->to, error))
    return FALSE;

  /* The pack marker may be left out: the card on top is meant if it fits. */
  top = crapette_position_top (position, move->from);
  if (given == CRAPETTE_CARD_NONE || card_matches (given, pack_given, top))
    move->card = top;
  else
    move->card = given;
  return TRUE;
}

/* Reads one move. With @seat_required the move must start with "S:" or "N:"
 * (records); the seat, when given, must be the player to move. */
static gboolean
read_move (const CrapettePosition  *position,
           const char              *text,
           guint                    line,
           gboolean                 seat_required,
           CrapetteMove            *move,
           GError                 **error)
{
  const char *cursor = crapette_notation_skip_blanks (text);
  CrapetteSeat mover = position->to_move;
  gsize length;

  if ((g_ascii_toupper (cursor[0]) == 'S' || g_ascii_toupper (cursor[0]) == 'N') &&
      cursor[1] == ':')
    {
      CrapetteSeat seat = g_ascii_toupper (cursor[0]) == 'S' ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
      const char *word = crapette_notation_skip_blanks (cursor + 2);

      /* The call is made by the player who did not break the duty, who may
       * be waiting for their turn. */
      if (crapette_notation_word_is (word, crapette_notation_word_length (word), "stop"))
        mover = crapette_position_caller (position);
      if (seat != mover)
        {
          g_autofree char *why = NULL;

          if (crapette_notation_word_is (word, crapette_notation_word_length (word), "stop"))
            why = crapette_refusal_call_out_of_turn (position, seat);
          else
            why = g_strdup (mover == CRAPETTE_SOUTH ? _("It is South's turn, not North's")
                                                    : _("It is North's turn, not South's"));
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, line, "%s", why);
          return FALSE;
        }
      cursor = crapette_notation_skip_blanks (cursor + 2);
    }
  else if (seat_required)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("A move starts with the player, "
                                     "like “S: R 7♦ → F3”, “N: turn” or “S: end”"));
      return FALSE;
    }

  length = crapette_notation_word_length (cursor);
  if (crapette_notation_word_is (cursor, length, "stop"))
    {
      cursor = crapette_notation_skip_blanks (cursor + length);
      *move = (CrapetteMove) { CRAPETTE_MOVE_STOP, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                               CRAPETTE_CARD_NONE };
    }
  else if (crapette_notation_word_is (cursor, length, "turn"))
    {
      cursor = crapette_notation_skip_blanks (cursor + length);
      if (!read_turn (position, &cursor, line, move, error))
        return FALSE;
    }
  else if (crapette_notation_word_is (cursor, length, "end"))
    {
      cursor = crapette_notation_skip_blanks (cursor + length);
      find_plain_move (position, CRAPETTE_MOVE_END_TURN, move);
    }
  else if (length == 0)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("The move is missing: "
                                     "write a card move like “R 7♦ → F3”, “turn” or “end”"));
      return FALSE;
    }
  else if (!read_card_move (position, &cursor, line, move, error))
    return FALSE;

  if (*cursor != '\0')
    {
      g_autofree char *quote = crapette_notation_excerpt (cursor, strlen (cursor));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("“%s” after the move is not understood"), quote);
      return FALSE;
    }
  return TRUE;
}

/* Reads a move written in notation, such as "S: R 7♦ → F3", "turn" or
 * "N: end", in @position. It checks what the text can check (the seat, the
 * card turned up) and fills in the cards; crapette_position_check_move() or
 * crapette_round_play() judge it by the rules. */
gboolean
crapette_notation_parse_move (const CrapettePosition  *position,
                              const char              *text,
                              CrapetteMove            *move,
                              GError                 **error)
{
  gsize length;

  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, FALSE);
  g_return_val_if_fail (position->to_move < CRAPETTE_N_SEATS, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  length = strlen (text);
  if (length > CRAPETTE_NOTATION_MAX_LINE_BYTES || !g_utf8_validate (text, length, NULL))
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0,
                                   _("This is not a move"));
      return FALSE;
    }
  return read_move (position, text, 0, FALSE, move, error);
}

/* Appends @move as "S: R 7♦ → F3"; @turned is the card a turn brought up. */
static void
append_move (GString                *out,
             const CrapettePosition *before,
             const CrapetteMove     *move,
             CrapetteCard            turned)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (before->variant);
  CrapetteSeat mover = move->kind == CRAPETTE_MOVE_STOP ? crapette_position_caller (before)
                                                        : (CrapetteSeat) before->to_move;

  g_string_append (out, mover == CRAPETTE_SOUTH ? "S: " : "N: ");
  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      {
        CrapetteCard card = crapette_card_is_real (move->card)
                              ? move->card : crapette_position_top (before, move->from);

        crapette_notation_append_pile_code (out, ops, move->from, mover);
        if (crapette_card_is_real (card))
          {
            g_autofree char *name = crapette_card_to_string (card, FALSE);

            g_string_append_printf (out, " %s", name);
          }
        g_string_append (out, " " CRAPETTE_NOTATION_ARROW " ");
        crapette_notation_append_pile_code (out, ops, move->to, mover);
        break;
      }

    case CRAPETTE_MOVE_TURN:
      g_string_append (out, "turn");
      if (crapette_card_is_real (turned))
        {
          g_autofree char *name = crapette_card_to_string (turned, FALSE);

          g_string_append_printf (out, " %s", name);
        }
      break;

    case CRAPETTE_MOVE_STOP:
      g_string_append (out, "stop");
      break;

    case CRAPETTE_MOVE_END_TURN:
    default:
      g_string_append (out, "end");
      break;
    }
}

/* The card a turn brings up: the one the move names, or else the one on the
 * mover's turned-card pile afterwards (@after may be %NULL when unknown). */
static CrapetteCard
turned_card (const CrapettePosition *before,
             const CrapetteMove     *move,
             const CrapettePosition *after)
{
  if (move->kind != CRAPETTE_MOVE_TURN)
    return CRAPETTE_CARD_NONE;
  if (crapette_card_is_real (move->card))
    return move->card;
  if (after == NULL)
    return CRAPETTE_CARD_NONE;
  return crapette_position_top (after, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                              before->to_move));
}

/* @move in notation as the player to move in @before writes it, such as
 * "S: R 7♦ → F3" or "N: turn 5♣" (the card turned is named when the move is
 * legal or names it). */
char *
crapette_notation_format_move (const CrapettePosition *before,
                               const CrapetteMove     *move)
{
  GString *out;
  CrapetteCard turned = CRAPETTE_CARD_NONE;

  g_return_val_if_fail (before != NULL, NULL);
  g_return_val_if_fail (before->variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (before->to_move < CRAPETTE_N_SEATS, NULL);
  g_return_val_if_fail (move != NULL, NULL);
  g_return_val_if_fail (move->kind != CRAPETTE_MOVE_CARD ||
                        (move->from < CRAPETTE_N_PILES && move->to < CRAPETTE_N_PILES), NULL);

  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      turned = turned_card (before, move, NULL);
      if (turned == CRAPETTE_CARD_NONE && crapette_position_is_legal (before, move))
        turned = card_to_be_turned (before, move);
    }

  out = g_string_new (NULL);
  append_move (out, before, move, turned);
  return g_string_free (out, FALSE);
}

/* ---- Records --------------------------------------------------------------- */

/* Reads a record of a round and plays its moves (@length may be -1 for
 * NUL-terminated text). Returns %NULL with @error naming the line if the text
 * is malformed or a move breaks the rules. */
CrapetteRound *
crapette_notation_parse_round (const char  *text,
                               gssize       length,
                               GError     **error)
{
  return crapette_notation_parse_round_at_line (text, length, 1, error);
}

/* Reads a round record that starts on line @first_line of a longer text (a match record),
 * so that the lines its errors name are those of the whole file, as an editor counts them. */
CrapetteRound *
crapette_notation_parse_round_at_line (const char  *text,
                                       gssize       length,
                                       guint        first_line,
                                       GError     **error)
{
  g_autofree CrapetteNotationLineReader *lines = NULL;
  g_autoptr(CrapetteRound) round = NULL;
  CrapettePosition start;
  gboolean deal_only;
  guint n_moves = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  lines = crapette_notation_line_reader_new (text, length, error);
  if (lines != NULL)
    lines->number = MAX (first_line, 1) - 1;
  if (lines == NULL || !crapette_notation_read_head (lines, TRUE, &start, &deal_only, error))
    return NULL;

  if (deal_only)
    round = crapette_round_new_deal (start.variant, &start.rules, start.deal_number,
                                     start.round_index);
  else
    round = crapette_round_new_from_position (&start, FALSE);

  while (crapette_notation_next_line (lines))
    {
      g_autoptr(GError) refusal = NULL;
      CrapetteMove move;

      if (n_moves >= MAX_RECORD_MOVES)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, lines->number,
                                       _("A record holds at most %d moves"), MAX_RECORD_MOVES);
          return NULL;
        }
      if (!read_move (crapette_round_get_position (round), lines->line, lines->number, TRUE,
                      &move, error))
        return NULL;
      if (!crapette_round_play (round, &move, &refusal))
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, lines->number,
                                       "%s", refusal->message);
          return NULL;
        }
      n_moves++;
    }
  return g_steal_pointer (&round);
}

static const char *
seat_title (guint seat)
{
  return seat == CRAPETTE_SOUTH ? "South" : "North";
}

/* A comment for a person reading the record; readers skip it. */
static void
append_result (GString                *out,
               const CrapettePosition *position)
{
  CrapetteRoundResult result;

  if (position->outcome == CRAPETTE_OUTCOME_PLAYING)
    return;

  crapette_position_score (position, &result);
  g_string_append (out, "\n# Result: ");
  if (position->outcome == CRAPETTE_OUTCOME_BLOCKED)
    {
      switch (position->block_reason)
        {
        case CRAPETTE_BLOCK_REPETITION:
          g_string_append (out, "blocked, a position came up three times; ");
          break;
        case CRAPETTE_BLOCK_PASSES:
          g_string_append (out, "blocked, both players passed; ");
          break;
        case CRAPETTE_BLOCK_IDLE_TURNS:
          g_string_append (out, "blocked, too many turns without progress; ");
          break;
        case CRAPETTE_BLOCK_NONE:
        default:
          g_string_append (out, "blocked; ");
          break;
        }
    }
  if (result.winner < CRAPETTE_N_SEATS)
    g_string_append_printf (out, "%s wins %u point%s", seat_title (result.winner),
                            result.points, result.points == 1 ? "" : "s");
  else
    g_string_append (out, "a draw");
  g_string_append_printf (out, " (cards left: South %u, North %u)\n",
                          result.counts[CRAPETTE_SOUTH], result.counts[CRAPETTE_NORTH]);
}

/* A round in notation from its parts: the deal (or @start position), the @n_moves
 * @moves played from it, and the result of @end as a comment once the round is
 * over. What crapette_notation_format_round() writes, for a caller that keeps
 * only what a record needs. */
char *
crapette_notation_format_round_parts (const CrapettePosition *start,
                                      gboolean                from_deal,
                                      const CrapetteMove     *moves,
                                      guint                   n_moves,
                                      const CrapettePosition *end)
{
  g_autoptr(CrapetteRound) again = NULL;
  gboolean replaying = TRUE;
  GString *out;

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (end != NULL, NULL);

  out = g_string_new (NULL);
  crapette_notation_append_head (out, start, TRUE, from_deal);

  /* Only the moves are kept, so the positions between them, which say whose
   * piles are whose, are found by playing the moves again; in a round of its
   * own, since a call goes back to an earlier position of the round. */
  again = crapette_round_new_from_position (start, from_deal);
  for (guint i = 0; i < n_moves; i++)
    {
      const CrapetteMove *move = &moves[i];
      CrapettePosition before = *crapette_round_get_position (again);

      if (replaying && !crapette_round_play (again, move, NULL))
        {
          g_warning ("Move %u of the round is not legal when played again", i + 1);
          replaying = FALSE;
        }
      append_move (out, &before, move,
                   turned_card (&before, move,
                                replaying ? crapette_round_get_position (again) : NULL));
      g_string_append_c (out, '\n');
    }

  append_result (out, end);
  return g_string_free (out, FALSE);
}

/* @round in notation: its deal (or start position), every move, and the
 * result as a comment once the round is over. */
char *
crapette_notation_format_round (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, NULL);

  return crapette_notation_format_round_parts (crapette_round_get_start (round),
                                               crapette_round_is_from_deal (round),
                                               crapette_round_get_moves (round),
                                               crapette_round_get_n_moves (round),
                                               crapette_round_get_position (round));
}
