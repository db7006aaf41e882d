/* crapette-round-summary-bill.c: the round summary's points, laid out as on a bill
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What is counted, the sum and the points, one line each, so that the numbers line up in one
 * column a reader can add; every value's label is named, so tests find it in any language.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-round-summary-private.h"

#include "crapette-locale.h"

/* Adds a titled table of points to @box and returns the table. The lines are
 * laid out as on a bill: what is counted, the sum, and the points, so the
 * numbers line up in one column that a reader can add. */
GtkWidget *
crapette_summary_add_group (GtkBox     *box,
                            const char *title,
                            const char *description)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *table = gtk_grid_new ();

  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
  gtk_widget_add_css_class (title_label, "heading");
  gtk_box_append (GTK_BOX (group), title_label);
  if (description != NULL)
    {
      GtkWidget *description_label = gtk_label_new (description);

      gtk_label_set_xalign (GTK_LABEL (description_label), 0);
      gtk_label_set_wrap (GTK_LABEL (description_label), TRUE);
      gtk_widget_add_css_class (description_label, "dim-label");
      gtk_box_append (GTK_BOX (group), description_label);
    }

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_top (card, 6);
  gtk_grid_set_column_spacing (GTK_GRID (table), 18);
  gtk_grid_set_row_spacing (GTK_GRID (table), 8);
  gtk_widget_set_margin_top (table, 12);
  gtk_widget_set_margin_bottom (table, 12);
  gtk_widget_set_margin_start (table, 12);
  gtk_widget_set_margin_end (table, 12);
  gtk_box_append (GTK_BOX (card), table);
  gtk_box_append (GTK_BOX (group), card);
  gtk_box_append (box, group);
  return table;
}

static int
next_free_row (GtkGrid *table)
{
  int next = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int row, height;

      gtk_grid_query_child (table, child, NULL, &row, NULL, &height);
      next = MAX (next, row + height);
    }
  return next;
}

/* Adds a line to @table: what is counted, how (@sum, may be %NULL) and @value.
 * The value's label is named @id and the sum's "@id-sum", so tests find them
 * whatever the language. A total is set off by a rule and written in bold. */
void
crapette_summary_add_row (GtkWidget  *table,
                          const char *id,
                          const char *title,
                          const char *sum,
                          const char *value,
                          gboolean    is_total)
{
  GtkGrid *grid = GTK_GRID (table);
  int row = next_free_row (grid);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *value_label = gtk_label_new (value);

  if (is_total && row > 0)
    gtk_grid_attach (grid, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, row++, 3, 1);

  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_wrap (GTK_LABEL (title_label), TRUE);
  gtk_widget_set_hexpand (title_label, TRUE);
  /* A line without a sum lends its title the sums' column. */
  gtk_grid_attach (grid, title_label, 0, row, sum != NULL ? 1 : 2, 1);

  if (sum != NULL)
    {
      GtkWidget *sum_label = gtk_label_new (sum);
      g_autofree char *sum_id = g_strconcat (id, "-sum", NULL);

      gtk_widget_set_name (sum_label, sum_id);
      gtk_label_set_xalign (GTK_LABEL (sum_label), 1);
      gtk_widget_add_css_class (sum_label, "numeric");
      gtk_widget_add_css_class (sum_label, "dim-label");
      gtk_grid_attach (grid, sum_label, 1, row, 1, 1);
    }

  gtk_widget_set_name (value_label, id);
  gtk_label_set_xalign (GTK_LABEL (value_label), 1);
  gtk_widget_add_css_class (value_label, "numeric");
  if (is_total)
    {
      gtk_widget_add_css_class (title_label, "heading");
      gtk_widget_add_css_class (value_label, "heading");
    }
  gtk_grid_attach (grid, value_label, 2, row, 1, 1);
}

/* Adds a line to @table whose points are @value, written in the language's digits. */
void
crapette_summary_add_number_row (GtkWidget  *table,
                                 const char *id,
                                 const char *title,
                                 const char *sum,
                                 guint       value,
                                 gboolean    is_total)
{
  g_autofree char *number = crapette_locale_format_number (value);

  crapette_summary_add_row (table, id, title, sum, number, is_total);
}

/* "4 cards × 2": how many cards of a kind, and what each is worth. */
char *
crapette_summary_format_cards_times (guint cards,
                                     guint worth)
{
  g_autofree char *n_cards = crapette_locale_format_number (cards);
  g_autofree char *each = crapette_locale_format_number (worth);

  /* Translators: a number of cards left and the points each is worth, as in "4 cards × 2". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s card × %s", "%s cards × %s", cards),
                          n_cards, each);
}
