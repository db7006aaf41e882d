/* crapette-notation-headers.c: the "Key: value" headers of a position, read one by one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each header of docs/notation.md ("Positions") has its reader here, which
 * checks the value's form and range and names the line when it is wrong.
 * Whether the headers agree with each other and with the piles is checked
 * once the whole position is read (crapette-notation-position-read.c).
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-position-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"

const char * const crapette_notation_header_names[N_HEADERS] = {
  [HEADER_VARIANT] = "Variant",
  [HEADER_RULES] = "Rules",
  [HEADER_DEAL] = "Deal",
  [HEADER_ROUND] = "Round",
  [HEADER_TO_MOVE] = "To move",
  [HEADER_DEALER] = "Dealer",
  [HEADER_TURN] = "Turn",
  [HEADER_MOVE_NUMBER] = "Move number",
  [HEADER_IDLE_TURNS] = "Idle turns",
  [HEADER_PASSES] = "Passes",
  [HEADER_MOVED] = "Moved",
  [HEADER_PROGRESS] = "Progress",
  [HEADER_OPENED] = "Opened",
  [HEADER_LAID_OUT] = "Laid out",
  [HEADER_STOCK_SEEN] = "Stock seen",
  [HEADER_RESERVE_SEEN] = "Reserve seen",
  [HEADER_STOCK_TOP_SEEN] = "Stock top seen",
  [HEADER_LOW_WATER] = "Low water",
  [HEADER_REST] = "Rest",
};

/* Which header @key names, whatever its case; FALSE if none. */
gboolean
crapette_notation_lookup_header (const char *key,
               Header     *header)
{
  for (guint i = 0; i < N_HEADERS; i++)
    {
      if (g_ascii_strcasecmp (key, crapette_notation_header_names[i]) == 0)
        {
          *header = i;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
parse_seat (const char   *value,
            CrapetteSeat *seat)
{
  if (g_ascii_strcasecmp (value, "south") == 0)
    *seat = CRAPETTE_SOUTH;
  else if (g_ascii_strcasecmp (value, "north") == 0)
    *seat = CRAPETTE_NORTH;
  else
    return FALSE;
  return TRUE;
}

static gboolean
read_seat (const char  *value,
           guint        line,
           guint8      *seat,
           GError     **error)
{
  CrapetteSeat parsed;

  if (!parse_seat (value, &parsed))
    {
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("“%s” is not a player; write south or north"), quote);
      return FALSE;
    }
  *seat = (guint8) parsed;
  return TRUE;
}

static gboolean
read_yes_no (const char  *value,
             guint        line,
             guint8      *flag,
             GError     **error)
{
  if (g_ascii_strcasecmp (value, "yes") == 0)
    *flag = TRUE;
  else if (g_ascii_strcasecmp (value, "no") == 0)
    *flag = FALSE;
  else
    {
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("“%s” is neither yes nor no"), quote);
      return FALSE;
    }
  return TRUE;
}

/* Reads a header value that is one number of at most @max. */
static gboolean
read_count (const char  *value,
            guint64      max,
            guint        line,
            guint64     *count,
            GError     **error)
{
  return crapette_notation_parse_number (value, strlen (value), max, line, count, error);
}

static gboolean
read_variant (PositionReader  *reader,
              const char      *value,
              guint            line,
              GError         **error)
{
  const CrapetteVariantOps *ops = crapette_variant_ops_by_key (value);

  if (ops == NULL)
    {
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("Unknown game “%s”; the games are russian and american"),
                                   quote);
      return FALSE;
    }
  reader->ops = ops;
  reader->position.variant = ops->id;
  /* American Bank lays out both rows in the first turns; a position written
   * without saying so is taken to be past that. */
  if (ops->id == CRAPETTE_VARIANT_AMERICAN)
    reader->position.laid_out = (1u << CRAPETTE_SOUTH) | (1u << CRAPETTE_NORTH);
  return TRUE;
}

/* Reads a list of pile codes such as "H3 H5" into @piles; "none" or nothing
 * is an empty list. */
static gboolean
read_pile_list (PositionReader  *reader,
                const char      *value,
                guint            line,
                CrapettePileId  *piles,
                guint           *n_piles,
                GError         **error)
{
  const char *cursor = value;

  *n_piles = 0;
  if (g_ascii_strcasecmp (value, "none") == 0)
    return TRUE;
  while (*cursor != '\0')
    {
      CrapettePileId pile;

      if (!crapette_notation_read_pile (reader->ops, &cursor, CRAPETTE_NO_SEAT, line, &pile, error))
        return FALSE;
      for (guint i = 0; i < *n_piles; i++)
        {
          if (piles[i] == pile)
            {
              g_autofree char *code = crapette_notation_format_pile (&reader->position, pile,
                                                                     CRAPETTE_NO_SEAT);

              crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                           _("The pile %s is named twice"), code);
              return FALSE;
            }
        }
      g_assert (*n_piles < CRAPETTE_N_PILES);
      piles[(*n_piles)++] = pile;
    }
  return TRUE;
}

static gboolean
read_opened (PositionReader  *reader,
             const char      *value,
             guint            line,
             GError         **error)
{
  CrapettePileId piles[CRAPETTE_N_PILES];
  guint n_piles;

  if (!read_pile_list (reader, value, line, piles, &n_piles, error))
    return FALSE;
  for (guint i = 0; i < n_piles; i++)
    {
      if (crapette_pile_kind (piles[i]) != CRAPETTE_PILE_KIND_HOUSE)
        {
          g_autofree char *code = crapette_notation_format_pile (&reader->position, piles[i],
                                                                 CRAPETTE_NO_SEAT);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       reader->ops->id == CRAPETTE_VARIANT_AMERICAN
                       ? _("Only tableau piles can be opened, not %s")
                       : _("Only houses can be opened, not %s"),
                                       code);
          return FALSE;
        }
      reader->position.opened_houses |= 1u << crapette_pile_index (piles[i]);
    }
  return TRUE;
}

/* "Laid out:" and "Stock seen:" both name a set of seats: whose tableau row
 * is laid out, and whose stock is their waste turned over, so that its order
 * is known to both (crapette_view_init_known()). */
static gboolean
read_seat_set (const char  *value,
               guint        line,
               Header       header,
               guint8      *seats,
               GError     **error)
{
  g_autofree char *quote = NULL;

  for (guint set = 0; set < G_N_ELEMENTS (crapette_notation_seat_set_words); set++)
    {
      if (g_ascii_strcasecmp (value, crapette_notation_seat_set_words[set]) == 0)
        {
          *seats = (guint8) set;
          return TRUE;
        }
    }

  quote = crapette_notation_excerpt (value, strlen (value));
  if (header == HEADER_LAID_OUT)
    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                 _("“%s” does not say whose row is laid out; "
                                   "write none, south, north or both"),
                                 quote);
  else
    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                 _("“%s” does not say whose stock is a turned-over waste; "
                                   "write none, south, north or both"),
                                 quote);
  return FALSE;
}

/* "Low water:", "Reserve seen:" and "Stock top seen:" are each a number for each player, at
 * most the cards of the game. */
static gboolean
read_seat_numbers (PositionReader  *reader,
                   const char      *value,
                   guint            line,
                   Header           header,
                   guint64          numbers[CRAPETTE_N_SEATS],
                   GError         **error)
{
  const char *cursor = value;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      gsize length = crapette_notation_word_length (cursor);

      if (!crapette_notation_parse_number (cursor, length, reader->ops->n_cards, line,
                                           &numbers[seat], error))
        return FALSE;
      cursor = crapette_notation_skip_blanks (cursor + length);
    }
  if (*cursor != '\0')
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   header == HEADER_LOW_WATER
                                     ? _("Low water is two numbers: South's, then North's")
                                   : header == HEADER_STOCK_TOP_SEEN
                                     ? _("Stock top seen is two numbers: South's, then North's")
                                     : _("Reserve seen is two numbers: South's, then North's"));
      return FALSE;
    }
  return TRUE;
}

/* The headers that count something: the round, the turn, the move, idle turns, passes. */
static gboolean
read_counter_header (CrapettePosition  *position,
                     Header             header,
                     const char        *value,
                     guint              line,
                     GError           **error)
{
  guint64 number;

  switch (header)
    {
    case HEADER_ROUND:
      if (!read_count (value, G_MAXUINT8 + 1, line, &number, error))
        return FALSE;
      if (number == 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("Rounds are counted from 1"));
          return FALSE;
        }
      position->round_index = (guint8) (number - 1);
      return TRUE;
    case HEADER_TURN:
      if (!read_count (value, G_MAXUINT32, line, &number, error))
        return FALSE;
      position->turn_number = (guint32) number;
      return TRUE;
    case HEADER_MOVE_NUMBER:
      if (!read_count (value, G_MAXUINT32, line, &number, error))
        return FALSE;
      position->move_number = (guint32) number;
      return TRUE;
    case HEADER_IDLE_TURNS:
      /* Checked against the rules' limit once every header is read. */
      if (!read_count (value, CRAPETTE_IDLE_TURN_LIMIT_MAX, line, &number, error))
        return FALSE;
      position->idle_turns = (guint16) number;
      return TRUE;
    case HEADER_PASSES:
      /* Two passes in a row end the round; a round can show no more. */
      if (!read_count (value, 2, line, &number, error))
        return FALSE;
      position->passes = (guint8) number;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* Reads the value of @header, found on @line, into the position @reader builds. */
gboolean
crapette_notation_read_header (PositionReader  *reader,
                               Header           header,
                               const char      *value,
                               guint            line,
                               GError         **error)
{
  CrapettePosition *position = &reader->position;

  switch (header)
    {
    case HEADER_VARIANT:
      return read_variant (reader, value, line, error);
    case HEADER_RULES:
      return crapette_notation_read_rules (value, line, &position->rules, error);
    case HEADER_DEAL:
      return read_count (value, G_MAXUINT64, line, &position->deal_number, error);
    case HEADER_ROUND:
    case HEADER_TURN:
    case HEADER_MOVE_NUMBER:
    case HEADER_IDLE_TURNS:
    case HEADER_PASSES:
      return read_counter_header (position, header, value, line, error);
    case HEADER_TO_MOVE:
      /* Only a hidden deal waiting for its first cards has nobody to move; the position's
       * checks hold the reader to that (crapette_position_check_invariants()). */
      if (g_ascii_strcasecmp (value, "nobody") == 0)
        {
          position->to_move = CRAPETTE_NO_SEAT;
          return TRUE;
        }
      return read_seat (value, line, &position->to_move, error);
    case HEADER_DEALER:
      return read_seat (value, line, &position->dealer, error);
    case HEADER_MOVED:
      return read_yes_no (value, line, &position->moved_this_turn, error);
    case HEADER_PROGRESS:
      return read_yes_no (value, line, &position->progress_this_turn, error);
    case HEADER_OPENED:
      return read_opened (reader, value, line, error);
    case HEADER_LAID_OUT:
      return read_seat_set (value, line, header, &position->laid_out, error);
    case HEADER_STOCK_SEEN:
      return read_seat_set (value, line, header, &position->stock_seen, error);
    case HEADER_RESERVE_SEEN:
    case HEADER_STOCK_TOP_SEEN:
    case HEADER_LOW_WATER:
      {
        guint64 numbers[CRAPETTE_N_SEATS];

        if (!read_seat_numbers (reader, value, line, header, numbers, error))
          return FALSE;
        for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
          {
            if (header == HEADER_LOW_WATER)
              position->low_water[seat] = (guint16) numbers[seat];
            else if (header == HEADER_STOCK_TOP_SEEN)
              position->stock_top_seen[seat] = (guint8) numbers[seat];
            else
              position->reserve_seen[seat] = (guint8) numbers[seat];
          }
        return TRUE;
      }
    case HEADER_REST:
      return read_pile_list (reader, value, line, reader->rest_piles, &reader->n_rest_piles,
                             error);
    case N_HEADERS:
    default:
      g_assert_not_reached ();
    }
}

