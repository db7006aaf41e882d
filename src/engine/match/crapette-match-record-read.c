/* crapette-match-record-read.c: a whole match read back from text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads what crapette-match-record.c writes (docs/notation.md, "Matches"): the
 * header, then each round's record, read by the notation. Saved games are
 * match records, and a saved game may have been damaged by a crash, a full
 * disk or a person, so the reader trusts nothing it reads. The text is checked,
 * cut into lines and its numbers read by the notation's lexer
 * (crapette-notation-lexer.c), as a position or a round record is; only the
 * error domain is the match record's own.
 */

#define G_LOG_DOMAIN "crapette-match"

#include "config.h"

#include "crapette-match-record.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-match-private.h"
#include "crapette-names.h"
#include "crapette-notation-private.h"
#include "crapette-player-names.h"
#include "crapette-variant-private.h"

/* An error of this reader, with the line it is on (0: none) as the notation words it. */
#define set_error(error, code, line, ...) \
  crapette_notation_set_line_error ((error), CRAPETTE_MATCH_RECORD_ERROR, (code), (line), \
                                    __VA_ARGS__)

typedef struct
{
  gboolean seen_version;
  gboolean seen_variant;
  gboolean seen_length;
  gboolean seen_seed;
  gboolean seen_rounds;
  gboolean seen_total_moves;
  guint n_rounds;
  guint total_moves;
  CrapetteVariant variant;
  CrapetteRules rules;
  guint length;
  guint64 seed;
  CrapetteOpponent opponent;
  char *names[CRAPETTE_N_SEATS];
  CrapetteSeat resigned;
} MatchHeader;

static void
match_header_clear (MatchHeader *header)
{
  g_free (header->names[CRAPETTE_SOUTH]);
  g_free (header->names[CRAPETTE_NORTH]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MatchHeader, match_header_clear)

/* Takes @notation_error, from the notation's lexer, as an error of a match record. */
static void
propagate_notation_error (GError **error,
                          GError  *notation_error)
{
  switch (notation_error->code)
    {
    case CRAPETTE_NOTATION_ERROR_TOO_LARGE:
      notation_error->code = CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE;
      break;
    case CRAPETTE_NOTATION_ERROR_INVALID:
    case CRAPETTE_NOTATION_ERROR_ILLEGAL:
      notation_error->code = CRAPETTE_MATCH_RECORD_ERROR_INVALID;
      break;
    default:
      notation_error->code = CRAPETTE_MATCH_RECORD_ERROR_SYNTAX;
    }
  notation_error->domain = CRAPETTE_MATCH_RECORD_ERROR;
  g_propagate_error (error, notation_error);
}

/* A header's number, read by the notation's one number reader. */
static gboolean
read_number (const char  *value,
             guint64      max,
             guint        line,
             guint64     *number,
             GError     **error)
{
  GError *wrong = NULL;

  if (crapette_notation_parse_number (value, strlen (value), max, line, number, &wrong))
    return TRUE;
  propagate_notation_error (error, wrong);
  return FALSE;
}

/* The rule options, read by the notation's one reader. */
static gboolean
read_rules (const char     *value,
            CrapetteRules  *rules,
            guint           line,
            GError        **error)
{
  GError *wrong = NULL;

  crapette_rules_init_default (rules);
  if (crapette_notation_read_rules (value, line, rules, &wrong))
    return TRUE;
  propagate_notation_error (error, wrong);
  return FALSE;
}

/* The headers whose value is a number: the version, the length, the counts, the seed. */
static gboolean
is_number_header (const char *key)
{
  static const char * const keys[] = { "Version", "Length", "Rounds", "Total moves", "Seed" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (g_ascii_strcasecmp (key, keys[i]) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
read_number_header (MatchHeader  *header,
                    const char   *key,
                    const char   *value,
                    guint         line,
                    GError      **error)
{
  guint64 number;

  if (g_ascii_strcasecmp (key, "Seed") == 0)
    return header->seen_seed = read_number (value, G_MAXUINT64, line, &header->seed, error);
  if (!read_number (value, G_MAXUINT32, line, &number, error))
    return FALSE;

  if (g_ascii_strcasecmp (key, "Version") == 0)
    {
      if (number != CRAPETTE_MATCH_RECORD_VERSION)
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_VERSION, line,
                     _("The match is written in format version %u, "
                       "and this version of Crapette reads only version %d"),
                     (guint) number, CRAPETTE_MATCH_RECORD_VERSION);
          return FALSE;
        }
      header->seen_version = TRUE;
    }
  else if (g_ascii_strcasecmp (key, "Length") == 0)
    {
      header->length = (guint) number;
      header->seen_length = TRUE;
    }
  else if (g_ascii_strcasecmp (key, "Rounds") == 0)
    {
      header->n_rounds = (guint) number;
      header->seen_rounds = TRUE;
    }
  else
    {
      header->total_moves = (guint) number;
      header->seen_total_moves = TRUE;
    }
  return TRUE;
}

/* The headers whose value is a word or a name; FALSE with @error for an unknown key. */
static gboolean
read_word_header (MatchHeader  *header,
                  const char   *key,
                  const char   *value,
                  guint         line,
                  GError      **error)
{
  if (g_ascii_strcasecmp (key, "Variant") == 0)
    {
      const CrapetteVariantOps *ops = crapette_variant_ops_by_key (value);

      if (ops == NULL)
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The game is “russian” or “american”"));
          return FALSE;
        }
      header->variant = ops->id;
      header->seen_variant = TRUE;
    }
  else if (g_ascii_strcasecmp (key, "Rules") == 0)
    {
      return read_rules (value, &header->rules, line, error);
    }
  else if (g_ascii_strcasecmp (key, "Opponent") == 0)
    {
      int opponent;

      /* Only the opponents the settings know: a record may come from anywhere. */
      if (!crapette_enum_from_nick (CRAPETTE_TYPE_OPPONENT, value, &opponent))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The opponent is computer-easy, computer-medium, computer-hard "
                       "or two-players"));
          return FALSE;
        }
      header->opponent = (CrapetteOpponent) opponent;
    }
  else if (g_ascii_strcasecmp (key, "South") == 0 || g_ascii_strcasecmp (key, "North") == 0)
    {
      CrapetteSeat seat = g_ascii_strcasecmp (key, "South") == 0 ? CRAPETTE_SOUTH
                                                                   : CRAPETTE_NORTH;

      g_free (header->names[seat]);
      header->names[seat] = crapette_match_record_clean_name (value);
    }
  else if (g_ascii_strcasecmp (key, "Resigned") == 0)
    {
      if (g_ascii_strcasecmp (value, "south") == 0)
        header->resigned = CRAPETTE_SOUTH;
      else if (g_ascii_strcasecmp (value, "north") == 0)
        header->resigned = CRAPETTE_NORTH;
      else
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The player who resigned is “south” or “north”"));
          return FALSE;
        }
    }
  else
    {
      g_autofree char *quote = crapette_notation_excerpt (key, strlen (key));

      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                 _("Unknown header “%s”"), quote);
      return FALSE;
    }
  return TRUE;
}

/* Reads the header @text ("Key: value", written out, '#' included: a name may hold one). */
static gboolean
read_header_line (MatchHeader  *header,
                  char         *text,
                  guint         line,
                  GError      **error)
{
  const char *value;

  if (!crapette_notation_split_header (text, &value))
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                 _("A header line is written “Name: value”"));
      return FALSE;
    }
  if (is_number_header (text))
    return read_number_header (header, text, value, line, error);
  return read_word_header (header, text, value, line, error);
}

static gboolean
check_header (MatchHeader  *header,
              GError      **error)
{
  if (!header->seen_version)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_VERSION, 0,
                 _("The match does not say which format version it is written in"));
      return FALSE;
    }
  if (!header->seen_variant)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, 0,
                 _("The match does not say which game it is (“Variant:”)"));
      return FALSE;
    }
  if (!header->seen_length)
    header->length = header->variant == CRAPETTE_VARIANT_RUSSIAN ? 300 : 3;
  if (!crapette_match_length_is_valid (header->variant, header->length))
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, 0,
                 header->variant == CRAPETTE_VARIANT_RUSSIAN
                   ? _("A Russian Bank match is played to a score of at most 100000 points")
                   : _("An American Bank match is the best of an odd number of rounds"));
      return FALSE;
    }
  return TRUE;
}

/* Where each round record starts and ends in @text. */
typedef struct
{
  gsize start;
  gsize end;
  guint first_line;
} RoundSpan;

/* Reads every round record of @text and adds the rounds to @match. Every
 * round is read and checked before the last is put on the game's table, so
 * that a refused record leaves the game as it was. */
static gboolean
read_rounds (CrapetteMatch      *match,
             const MatchHeader  *header,
             const char         *text,
             GArray             *spans,
             GError            **error)
{
  g_autoptr(GPtrArray) rounds =
    g_ptr_array_new_with_free_func ((GDestroyNotify) crapette_round_free);
  const CrapetteRules *rules = crapette_match_get_rules (match);
  guint total_moves = 0;

  for (guint i = 0; i < spans->len; i++)
    {
      const RoundSpan *span = &g_array_index (spans, RoundSpan, i);
      g_autoptr(GError) round_error = NULL;
      const CrapettePosition *start;
      CrapetteRound *round;

      round = crapette_notation_parse_round_at_line (text + span->start,
                                                     (gssize) (span->end - span->start),
                                                     span->first_line, &round_error);
      if (round == NULL)
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, 0,
                     _("Round %u, starting on line %u: %s"), i + 1, span->first_line,
                     round_error->message);
          return FALSE;
        }
      g_ptr_array_add (rounds, round);
      start = crapette_round_get_start (round);
      if (start->rules.reserve_size != rules->reserve_size ||
          start->rules.first_player != rules->first_player ||
          start->rules.idle_turn_limit != rules->idle_turn_limit)
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, span->first_line,
                     _("Round %u is played by other rules than the match"), i + 1);
          return FALSE;
        }
      total_moves += crapette_round_get_n_moves (round);
    }

  if (header->seen_total_moves && header->total_moves != total_moves)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, 0,
                 _("The match should hold %u moves but holds %u: it has been cut short"),
                 header->total_moves, total_moves);
      return FALSE;
    }

  for (guint i = 0; i < rounds->len; i++)
    {
      const RoundSpan *span = &g_array_index (spans, RoundSpan, i);
      g_autoptr(GError) round_error = NULL;

      if (!crapette_match_restore_round (match, g_ptr_array_index (rounds, i), i + 1 == rounds->len,
                                         &round_error))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, span->first_line, "%s",
                     round_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* A match that holds the single round record @text: an imported deal. */
static CrapetteMatch *
match_from_round_record (CrapetteGame  *game,
                         const char    *text,
                         gsize          length,
                         GError       **error)
{
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(GError) round_error = NULL;
  const CrapettePosition *start;

  round = crapette_notation_parse_round (text, (gssize) length, &round_error);
  if (round == NULL)
    {
      g_set_error_literal (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_INVALID,
                           round_error->message);
      return NULL;
    }
  start = crapette_round_get_start (round);
  if (start->round_index != 0)
    {
      /* A round taken out of a match is played here as a match of its own. */
      CrapettePosition first = *start;

      first.round_index = 0;
      g_clear_pointer (&round, crapette_round_free);
      round = crapette_round_new_from_position (&first, FALSE);
      start = crapette_round_get_start (round);
    }
  match = crapette_match_new (game, start->variant, &start->rules,
                              start->variant == CRAPETTE_VARIANT_RUSSIAN
                                ? CRAPETTE_MATCH_SINGLE_ROUND : 1,
                              start->deal_number);
  if (!crapette_match_restore_round (match, round, TRUE, error))
    return NULL;
  return g_steal_pointer (&match);
}

/* The header line @lines read, as written: its comment kept, since a name may hold a '#'. */
static char *
copy_header_line (const CrapetteNotationLineReader *lines)
{
  char *copy = g_strndup (lines->raw, lines->raw_length);

  while (crapette_notation_is_blank (*copy))
    memmove (copy, copy + 1, strlen (copy));
  return g_strchomp (copy);
}

/* Reads the title and the headers of the text @lines walks through (which starts at @text)
 * into @header and finds where each round record starts (@spans). If the text is a single
 * round record instead, sets *@round_record to where it starts and reads nothing more. */
static gboolean
scan_lines (CrapetteNotationLineReader  *lines,
            const char                  *text,
            MatchHeader                 *header,
            GArray                      *spans,
            gssize                      *round_record,
            GError                     **error)
{
  gboolean in_header = TRUE;
  gboolean seen_title = FALSE;

  *round_record = -1;
  while (crapette_notation_next_line (lines))
    {
      gsize line_start = (gsize) (lines->raw - text);

      if (g_ascii_strcasecmp (lines->line, CRAPETTE_MATCH_RECORD_ROUND_TITLE) == 0)
        {
          if (!seen_title)
            {
              *round_record = (gssize) line_start;
              return TRUE;
            }
          if (spans->len > 0)
            g_array_index (spans, RoundSpan, spans->len - 1).end = line_start;
          g_array_append_val (spans, ((RoundSpan) { line_start, 0, lines->number }));
          in_header = FALSE;
        }
      else if (in_header && !seen_title)
        {
          if (g_ascii_strcasecmp (lines->line, CRAPETTE_MATCH_RECORD_TITLE) != 0)
            {
              set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, lines->number,
                         _("A saved match starts with “Crapette match”"));
              return FALSE;
            }
          seen_title = TRUE;
        }
      else if (in_header)
        {
          g_autofree char *content = copy_header_line (lines);

          if (!read_header_line (header, content, lines->number, error))
            return FALSE;
        }
    }

  if (!seen_title)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, 0,
                 _("The text is empty; a saved match starts with “Crapette match”"));
      return FALSE;
    }
  if (spans->len > 0)
    g_array_index (spans, RoundSpan, spans->len - 1).end = (gsize) (lines->end - text);
  return TRUE;
}

static CrapetteMatch *
read_match_record (CrapetteGame  *game,
                   const char    *text,
                   gssize         length,
                   GError       **error)
{
  g_auto(MatchHeader) header = { .resigned = CRAPETTE_NO_SEAT };
  g_autoptr(GArray) spans = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree CrapetteNotationLineReader *lines = NULL;
  GError *wrong = NULL;
  gssize round_record;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  lines = crapette_notation_line_reader_new_bounded (text, length,
                                                     CRAPETTE_MATCH_RECORD_MAX_BYTES, &wrong);
  if (lines == NULL)
    {
      propagate_notation_error (error, wrong);
      return NULL;
    }

  crapette_rules_init_default (&header.rules);
  header.opponent = CRAPETTE_OPPONENT_TWO_PLAYERS;
  spans = g_array_new (FALSE, FALSE, sizeof (RoundSpan));
  if (!scan_lines (lines, text, &header, spans, &round_record, error))
    return NULL;
  if (round_record >= 0)
    return match_from_round_record (game, text + round_record, (gsize) (length - round_record),
                                    error);
  if (!check_header (&header, error))
    return NULL;
  if (spans->len > CRAPETTE_MATCH_MAX_ROUNDS)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE, 0,
                 _("A match has at most %d rounds"), CRAPETTE_MATCH_MAX_ROUNDS);
      return NULL;
    }

  if (!header.seen_seed)
    header.seed = 0;
  match = crapette_match_new (game, header.variant, &header.rules, header.length, header.seed);
  crapette_match_set_players (match, header.opponent, header.names[CRAPETTE_SOUTH],
                              header.names[CRAPETTE_NORTH]);

  /* Only the last round touches the game, once every check has passed, so a
   * refused record leaves the game as it was. */
  if (header.seen_rounds && header.n_rounds != spans->len)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_INVALID, 0,
                 _("The match should hold %u rounds but holds %u: it has been cut short"),
                 header.n_rounds, spans->len);
      return NULL;
    }
  if (!read_rounds (match, &header, text, spans, error))
    return NULL;
  if (header.resigned != CRAPETTE_NO_SEAT)
    crapette_match_resign (match, header.resigned);
  return g_steal_pointer (&match);
}

/* Reads a match record (or a single round record, which becomes a match of
 * one round) and puts its last round on @game's table. On error @game is
 * left as it was and @error says, in plain words, what is wrong. */
CrapetteMatch *
crapette_match_new_from_record (CrapetteGame  *game,
                                const char    *text,
                                gssize         length,
                                GError       **error)
{
  const CrapettePlayerNames *players;
  CrapettePlayerNames before = { 0 };
  CrapetteMatch *match;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), NULL);

  players = crapette_game_get_players (game);
  crapette_player_names_set (&before, players->opponent, players->given[CRAPETTE_SOUTH],
                             players->given[CRAPETTE_NORTH]);
  match = read_match_record (game, text, length, error);
  /* The match names its players on the game as soon as it is made, before the record's
   * last checks: a refused record leaves the game's players as they were too. */
  if (match == NULL)
    crapette_game_set_players (game, before.opponent, before.given[CRAPETTE_SOUTH],
                               before.given[CRAPETTE_NORTH]);
  crapette_player_names_clear (&before);
  return match;
}
