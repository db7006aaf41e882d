/* crapette-match-record.c: a whole match written as text, and read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match record is a short header followed by the record of each round in
 * the notation of crapette-notation.c (docs/notation.md, "Matches"). The
 * rounds are kept whole, so that each can be cut out and read on its own.
 * Saved games are match records, and a saved game may have been damaged by a
 * crash, a full disk or a person, so the reader trusts nothing it reads.
 */

#define G_LOG_DOMAIN "crapette-match"

#include "config.h"

#include "crapette-match-record.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-match-private.h"
#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-variant-private.h"

#define MATCH_TITLE "Crapette match"
#define ROUND_TITLE "Crapette record"

G_DEFINE_QUARK (crapette-match-record-error-quark, crapette_match_record_error)

/* ---- Writing --------------------------------------------------------------- */

/* @name on one line of at most CRAPETTE_MATCH_RECORD_MAX_NAME characters, with
 * no control character that could break the line apart. */
static char *
clean_name (const char *name)
{
  GString *out = g_string_new (NULL);
  guint n_chars = 0;

  if (!g_utf8_validate (name, -1, NULL))
    return g_string_free (out, FALSE);
  for (const char *p = name; *p != '\0' && n_chars < CRAPETTE_MATCH_RECORD_MAX_NAME;
       p = g_utf8_next_char (p), n_chars++)
    {
      gunichar c = g_utf8_get_char (p);

      g_string_append_unichar (out, g_unichar_iscntrl (c) ? ' ' : c);
    }
  g_strstrip (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

static void
append_round (GString             *out,
              const CrapetteRound *round)
{
  g_autofree char *text = crapette_notation_format_round (round);

  g_string_append_c (out, '\n');
  g_string_append (out, text);
}

struct _CrapetteMatchSnapshot
{
  char *header;        /* the record's lines before the first round */
  GPtrArray *rounds;   /* copies of the rounds played and the round in play */
  guint n_moves;
};

/* Copies what the record of @self needs, so that it can be written later and on any
 * thread while the match goes on. Cheap: the header's few lines and the rounds' moves
 * are copied, and nothing is formatted. */
CrapetteMatchSnapshot *
crapette_match_snapshot_new (CrapetteMatch *self)
{
  CrapetteMatchSnapshot *snapshot;
  g_autofree char *rules_text = NULL;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  guint n_rounds;
  GString *out;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  n_rounds = crapette_match_get_n_finished_rounds (self) +
             (crapette_match_is_round_in_play (self) ? 1 : 0);
  south = clean_name (crapette_match_get_player_name (self, CRAPETTE_SOUTH));
  north = clean_name (crapette_match_get_player_name (self, CRAPETTE_NORTH));

  out = g_string_new (MATCH_TITLE "\n");
  g_string_append_printf (out, "Version: %d\n", CRAPETTE_MATCH_RECORD_VERSION);
  /* Written near the top, so that a file cut short anywhere after them is found out. */
  g_string_append_printf (out, "Rounds: %u\n", n_rounds);
  g_string_append_printf (out, "Total moves: %u\n", crapette_match_count_moves (self));
  g_string_append_printf (out, "Variant: %s\n",
                          crapette_variant_ops (crapette_match_get_variant (self))->key);
  rules_text = crapette_notation_format_rules (crapette_match_get_rules (self));
  g_string_append_printf (out, "Rules: %s\n", rules_text);
  g_string_append_printf (out, "Length: %u\n", crapette_match_get_length (self));
  g_string_append_printf (out, "Seed: %" G_GUINT64_FORMAT "\n", crapette_match_get_seed (self));
  g_string_append_printf (out, "Opponent: %s\n",
                          crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT,
                                                 crapette_match_get_opponent (self)));
  if (*south != '\0')
    g_string_append_printf (out, "South: %s\n", south);
  if (*north != '\0')
    g_string_append_printf (out, "North: %s\n", north);
  g_string_append_printf (out, "# Score: South %u, North %u\n",
                          crapette_match_get_score (self, CRAPETTE_SOUTH),
                          crapette_match_get_score (self, CRAPETTE_NORTH));

  snapshot = g_new0 (CrapetteMatchSnapshot, 1);
  snapshot->header = g_string_free (out, FALSE);
  snapshot->rounds = g_ptr_array_new_full (n_rounds, (GDestroyNotify) crapette_round_free);
  snapshot->n_moves = crapette_match_count_moves (self);
  for (guint i = 0; i < crapette_match_get_n_finished_rounds (self); i++)
    g_ptr_array_add (snapshot->rounds,
                     crapette_round_copy (crapette_match_get_finished_round (self, i)));
  if (crapette_match_is_round_in_play (self))
    g_ptr_array_add (snapshot->rounds,
                     crapette_round_copy (crapette_game_get_round (crapette_match_get_game (self))));
  return snapshot;
}

/* The record of the match as it was when @snapshot was taken; safe on any thread. */
char *
crapette_match_snapshot_to_record (const CrapetteMatchSnapshot *snapshot)
{
  GString *out;

  g_return_val_if_fail (snapshot != NULL, NULL);

  out = g_string_new (snapshot->header);
  for (guint i = 0; i < snapshot->rounds->len; i++)
    append_round (out, g_ptr_array_index (snapshot->rounds, i));
  return g_string_free (out, FALSE);
}

/* How many moves the match had when @snapshot was taken. */
guint
crapette_match_snapshot_count_moves (const CrapetteMatchSnapshot *snapshot)
{
  g_return_val_if_fail (snapshot != NULL, 0);

  return snapshot->n_moves;
}

/* Frees @snapshot. */
void
crapette_match_snapshot_free (CrapetteMatchSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_free (snapshot->header);
  g_ptr_array_unref (snapshot->rounds);
  g_free (snapshot);
}

/* The whole match as text: its header, then every round played and the round
 * in play, each as a round record. crapette_match_new_from_record() reads it. */
char *
crapette_match_to_record (CrapetteMatch *self)
{
  g_autoptr(CrapetteMatchSnapshot) snapshot = NULL;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  snapshot = crapette_match_snapshot_new (self);
  return crapette_match_snapshot_to_record (snapshot);
}

/* ---- Reading --------------------------------------------------------------- */

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
} MatchHeader;

static void
match_header_clear (MatchHeader *header)
{
  g_free (header->names[CRAPETTE_SOUTH]);
  g_free (header->names[CRAPETTE_NORTH]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MatchHeader, match_header_clear)

G_GNUC_PRINTF (4, 5)
static void
set_error (GError                   **error,
           CrapetteMatchRecordError   code,
           guint                      line,
           const char                *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (line > 0)
    g_set_error (error, CRAPETTE_MATCH_RECORD_ERROR, code, _("Line %u: %s"), line, message);
  else
    g_set_error_literal (error, CRAPETTE_MATCH_RECORD_ERROR, code, message);
}

static gboolean
is_title (const char *line,
          const char *title)
{
  g_autofree char *copy = g_strstrip (g_strdup (line));

  return g_ascii_strcasecmp (copy, title) == 0;
}

static gboolean
read_number (const char *value,
             guint64     max,
             guint64    *number)
{
  return g_ascii_string_to_unsigned (value, 10, 0, max, number, NULL);
}

/* The rule options, read by the notation's one reader, reported as this file reports. */
static gboolean
read_rules (const char     *value,
            CrapetteRules  *rules,
            guint           line,
            GError        **error)
{
  g_autoptr(GError) wrong = NULL;

  crapette_rules_init_default (rules);
  if (crapette_notation_parse_rules (value, rules, &wrong))
    return TRUE;
  set_error (error,
             g_error_matches (wrong, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_INVALID)
             ? CRAPETTE_MATCH_RECORD_ERROR_INVALID : CRAPETTE_MATCH_RECORD_ERROR_SYNTAX,
             line, "%s", wrong->message);
  return FALSE;
}

static gboolean
read_header_line (MatchHeader  *header,
                  const char   *text,
                  guint         line,
                  GError      **error)
{
  const char *colon = strchr (text, ':');
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  guint64 number;

  if (colon == NULL)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                 _("A header line is written “Name: value”"));
      return FALSE;
    }
  key = g_strstrip (g_strndup (text, (gsize) (colon - text)));
  value = g_strstrip (g_strdup (colon + 1));

  if (g_ascii_strcasecmp (key, "Version") == 0)
    {
      if (!read_number (value, G_MAXUINT32, &number))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The version is a whole number"));
          return FALSE;
        }
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
  else if (g_ascii_strcasecmp (key, "Variant") == 0)
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
  else if (g_ascii_strcasecmp (key, "Length") == 0)
    {
      if (!read_number (value, G_MAXUINT32, &number))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The match length is a whole number"));
          return FALSE;
        }
      header->length = (guint) number;
      header->seen_length = TRUE;
    }
  else if (g_ascii_strcasecmp (key, "Rounds") == 0 ||
           g_ascii_strcasecmp (key, "Total moves") == 0)
    {
      gboolean rounds = g_ascii_strcasecmp (key, "Rounds") == 0;

      if (!read_number (value, G_MAXUINT32, &number))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The number of rounds or moves is a whole number"));
          return FALSE;
        }
      if (rounds)
        {
          header->n_rounds = (guint) number;
          header->seen_rounds = TRUE;
        }
      else
        {
          header->total_moves = (guint) number;
          header->seen_total_moves = TRUE;
        }
    }
  else if (g_ascii_strcasecmp (key, "Seed") == 0)
    {
      if (!read_number (value, G_MAXUINT64, &header->seed))
        {
          set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                     _("The seed is a whole number"));
          return FALSE;
        }
      header->seen_seed = TRUE;
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
      header->names[seat] = clean_name (value);
    }
  else
    {
      g_autofree char *quote = g_utf8_substring (key, 0, MIN (g_utf8_strlen (key, -1), 24));

      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                 _("Unknown header “%s”"), quote);
      return FALSE;
    }
  return TRUE;
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

      round = crapette_notation_parse_round (text + span->start, (gssize) (span->end - span->start),
                                             &round_error);
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

/* Reads a match record (or a single round record, which becomes a match of
 * one round) and puts its last round on @game's table. On error @game is
 * left as it was and @error says, in plain words, what is wrong. */
CrapetteMatch *
crapette_match_new_from_record (CrapetteGame  *game,
                                const char    *text,
                                gssize         length,
                                GError       **error)
{
  g_auto(MatchHeader) header = { 0 };
  g_autoptr(GArray) spans = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  gboolean in_header = TRUE;
  gboolean seen_title = FALSE;
  gsize line_start = 0;
  guint line = 0;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  if ((gsize) length > CRAPETTE_MATCH_RECORD_MAX_BYTES)
    {
      g_autofree char *size = g_format_size ((guint64) length);
      g_autofree char *limit = g_format_size (CRAPETTE_MATCH_RECORD_MAX_BYTES);

      /* Translators: both are sizes such as "5.1 MB" */
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_TOO_LARGE, 0,
                 _("The text is %s long; no match is longer than %s"), size, limit);
      return NULL;
    }
  if (!g_utf8_validate_len (text, (gsize) length, NULL))
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, 0,
                 _("The text is not valid UTF-8, or holds a zero byte"));
      return NULL;
    }

  crapette_rules_init_default (&header.rules);
  header.opponent = CRAPETTE_OPPONENT_TWO_PLAYERS;
  spans = g_array_new (FALSE, FALSE, sizeof (RoundSpan));

  while (line_start < (gsize) length)
    {
      const char *end = memchr (text + line_start, '\n', (gsize) length - line_start);
      gsize line_end = end != NULL ? (gsize) (end - text) : (gsize) length;
      g_autofree char *content = g_strstrip (g_strndup (text + line_start, line_end - line_start));

      line++;
      /* A byte order mark some editors write at the start of a file. */
      if (line == 1 && g_str_has_prefix (content, "\xef\xbb\xbf"))
        memmove (content, content + 3, strlen (content + 3) + 1);

      if (is_title (content, ROUND_TITLE))
        {
          if (!seen_title)
            return match_from_round_record (game, text + line_start,
                                            (gsize) length - line_start, error);
          if (spans->len > 0)
            g_array_index (spans, RoundSpan, spans->len - 1).end = line_start;
          g_array_append_val (spans, ((RoundSpan) { line_start, (gsize) length, line }));
          in_header = FALSE;
        }
      else if (in_header && *content != '\0' && *content != '#')
        {
          if (!seen_title)
            {
              if (!is_title (content, MATCH_TITLE))
                {
                  set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, line,
                             _("A saved match starts with “Crapette match”"));
                  return NULL;
                }
              seen_title = TRUE;
            }
          else if (!read_header_line (&header, content, line, error))
            {
              return NULL;
            }
        }
      line_start = line_end + 1;
    }

  if (!seen_title)
    {
      set_error (error, CRAPETTE_MATCH_RECORD_ERROR_SYNTAX, 0,
                 _("The text is empty; a saved match starts with “Crapette match”"));
      return NULL;
    }
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
  return g_steal_pointer (&match);
}
