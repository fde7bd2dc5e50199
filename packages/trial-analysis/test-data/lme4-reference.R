# Reference numbers for @breedwise/trial-analysis, from R's lm and lme4 (Debian bookworm:
# apt-get install -y r-base-core r-cran-lme4). Run from the repository root:
#   Rscript packages/trial-analysis/test-data/lme4-reference.R
# Reads the CSVs beside this script (made by generate.ts) and writes lme4-reference.json; then run
#   npx prettier --write packages/trial-analysis/test-data/lme4-reference.json
# (the repository's format check covers JSON files; prettier changes layout only, not the numbers).
#
# Definitions (the TypeScript engine computes the same):
# - BLUE model: entries fixed in cell-means coding (0 + entry), reps (augmented: blocks) in treatment
#   contrasts, design terms random as the design asks; fitted by lm when there is no random term.
# - BLUE of an entry: its coefficient plus the mean of the rep (augmented: block) effects over all
#   levels, the baseline counting 0 (the prediction at the average rep); s.e. from vcov(fit).
# - sed: sqrt of the mean over all pairs of entries of the variance of the difference of two BLUEs;
#   LSD = qt(0.975, df) * sed with df = n - rank of the all-fixed model (entry and every design term fixed).
# - CV = 100 * sigma(BLUE model) / mean(y).
# - BLUP model: entries random, (1 | entry), with an intercept and the same other terms; augmented:
#   0 + group (each check a level, all new entries one level "new") + block + (0 + new | entry).
# - BLUP value: the fixed part at the average rep (block) plus the entry's random effect; PEV from the
#   inverse of the mixed model equations; Cullis H2 = 1 - mean PEV of differences / (2 sigma2_g)
#   over the random entries (0 when sigma2_g is 0).
# - REML criterion: REMLcrit(fit) for lmer, -2 * logLik(fit, REML = TRUE) for lm.
# The optimiser runs with tight tolerances so that the reference is the optimum itself; the fits with
# lme4's default control are recorded too ("default"), to show lme4's own tolerance.
suppressPackageStartupMessages(library(lme4))
library(jsonlite)

args <- commandArgs(trailingOnly = FALSE)
script <- sub("^--file=", "", args[grep("^--file=", args)])
here <- if (length(script)) dirname(normalizePath(script)) else "packages/trial-analysis/test-data"

tight <- lmerControl(
  optimizer = "nloptwrap",
  optCtrl = list(xtol_abs = 1e-14, ftol_abs = 1e-15, xtol_rel = 1e-14, ftol_rel = 1e-15, maxeval = 1e5),
  check.conv.singular = "ignore"
)
loose <- lmerControl(check.conv.singular = "ignore")

sets <- list(
  list(file = "crd.csv", design = "crd"),
  list(file = "rcbd.csv", design = "rcbd"),
  list(file = "alpha.csv", design = "alpha"),
  list(file = "row-column.csv", design = "row-column"),
  list(file = "augmented.csv", design = "augmented"),
  list(file = "lattice.csv", design = "alpha")
)

vc_list <- function(fit) {
  if (inherits(fit, "lm")) return(list(Residual = sigma(fit)^2))
  v <- as.data.frame(VarCorr(fit))
  out <- list()
  for (i in seq_len(nrow(v))) out[[v$grp[i]]] <- v$vcov[i]
  out
}

crit <- function(fit) if (inherits(fit, "lm")) -2 * as.numeric(logLik(fit, REML = TRUE)) else REMLcrit(fit)

# Weight row over the fixed-effect columns: `avg` factor columns averaged over all its levels.
avg_weights <- function(cols, prefix, nlev) {
  w <- setNames(numeric(length(cols)), cols)
  hit <- startsWith(cols, prefix) & !grepl(":", cols, fixed = TRUE)
  w[hit] <- 1 / nlev
  w
}

analyse <- function(d, design, trait) {
  d <- d[!is.na(d[[trait]]), ]
  d$y <- d[[trait]]
  d <- droplevels(d)
  n <- nrow(d)
  fixed_factor <- if (design == "augmented") "block" else "rep"
  blue_form <- switch(design,
    crd = y ~ 0 + entry,
    rcbd = y ~ 0 + entry + rep,
    alpha = y ~ 0 + entry + rep + (1 | rep:block),
    "row-column" = y ~ 0 + entry + rep + (1 | rep:row) + (1 | rep:col),
    augmented = y ~ 0 + entry + block
  )
  all_fixed <- switch(design,
    crd = ~ entry,
    rcbd = ~ entry + rep,
    alpha = ~ entry + rep + rep:block,
    "row-column" = ~ entry + rep + rep:row + rep:col,
    augmented = ~ entry + block
  )
  blup_form <- switch(design,
    crd = y ~ 1 + (1 | entry),
    rcbd = y ~ 1 + rep + (1 | entry),
    alpha = y ~ 1 + rep + (1 | entry) + (1 | rep:block),
    "row-column" = y ~ 1 + rep + (1 | entry) + (1 | rep:row) + (1 | rep:col),
    augmented = y ~ 0 + group + block + (0 + new | entry)
  )
  mixed_blue <- design %in% c("alpha", "row-column")
  fit_blue <- function(ctrl) if (mixed_blue) lmer(blue_form, d, REML = TRUE, control = ctrl) else lm(blue_form, d)
  fit_blup <- function(ctrl) lmer(blup_form, d, REML = TRUE, control = ctrl)
  fb <- fit_blue(tight)
  fr <- fit_blup(tight)

  # BLUEs.
  beta <- if (inherits(fb, "lm")) coef(fb) else fixef(fb)
  V <- as.matrix(vcov(fb))
  cols <- names(beta)
  entries <- levels(d$entry)
  nlev <- if (fixed_factor %in% names(d)) nlevels(d[[fixed_factor]]) else 1
  a <- if (design == "crd") setNames(numeric(length(cols)), cols) else avg_weights(cols, fixed_factor, nlev)
  L <- t(sapply(entries, function(e) {
    w <- a
    w[paste0("entry", e)] <- 1
    w
  }))
  blue <- as.vector(L %*% beta)
  Vb <- L %*% V %*% t(L)
  t_n <- length(entries)
  vd <- (t_n * sum(diag(Vb)) - sum(Vb)) / (t_n * (t_n - 1) / 2)
  sed <- sqrt(vd)
  df <- n - qr(model.matrix(all_fixed, d))$rank
  s2e <- sigma(fb)^2

  # BLUPs, PEV and Cullis H2.
  vc <- as.data.frame(VarCorr(fr))
  s2 <- sigma(fr)^2
  X <- getME(fr, "X")
  Z <- as.matrix(getME(fr, "Z"))
  flist <- getME(fr, "flist")
  # Variance of each Z column, from the term it belongs to.
  cnms <- getME(fr, "cnms")
  g <- numeric(0)
  owner <- character(0)
  for (term in names(cnms)) {
    k <- nlevels(flist[[term]])
    g <- c(g, rep(vc$vcov[vc$grp == term], k))
    owner <- c(owner, rep(term, k))
  }
  keep <- g > 1e-10 * s2 & colSums(Z != 0) > 0
  Zk <- Z[, keep, drop = FALSE]
  gk <- g[keep]
  C <- rbind(cbind(crossprod(X), crossprod(X, Zk)), cbind(crossprod(Zk, X), crossprod(Zk) + diag(s2 / gk, length(gk)))) / s2
  Ci <- solve(C)
  p <- ncol(X)
  entry_cols <- which(owner[keep] == "entry")
  re <- ranef(fr)$entry
  u <- re[, 1]
  names(u) <- rownames(re)
  sg <- vc$vcov[vc$grp == "entry"]
  bf <- fixef(fr)
  fcols <- names(bf)
  bfa <- if (design == "augmented") avg_weights(fcols, "block", nlevels(d$block)) else avg_weights(fcols, "rep", if ("rep" %in% names(d)) nlevels(d$rep) else 1)
  if (design != "augmented") bfa["(Intercept)"] <- 1
  ent_levels <- levels(flist$entry)
  random_levels <- ent_levels[colSums(Z[, owner == "entry", drop = FALSE] != 0) > 0]
  blups <- list()
  pev <- setNames(rep(0, length(ent_levels)), ent_levels)
  if (length(entry_cols)) {
    P <- Ci[p + entry_cols, p + entry_cols, drop = FALSE]
    pev[random_levels] <- diag(P)
  }
  for (e in ent_levels) {
    w <- bfa
    isnew <- e %in% random_levels
    if (design == "augmented") w[if (isnew) "groupnew" else paste0("group", e)] <- 1
    value <- sum(w * bf) + if (isnew) u[[e]] else 0
    blups[[e]] <- if (isnew) c(value, u[[e]], pev[[e]]) else I(value)
  }
  h2 <- if (sg > 1e-10 * s2) {
    tr <- length(entry_cols)
    vdp <- (tr * sum(diag(P)) - sum(P)) / (tr * (tr - 1) / 2)
    1 - vdp / (2 * sg)
  } else 0

  fbd <- fit_blue(loose)
  frd <- fit_blup(loose)
  list(
    n = n,
    grandMean = mean(d$y),
    blue = list(
      formula = deparse(blue_form),
      vc = vc_list(fb),
      m2ll = crit(fb),
      blues = setNames(lapply(seq_along(entries), function(i) c(blue[i], sqrt(Vb[i, i]))), entries),
      sed = sed,
      df = df,
      lsd = qt(0.975, df) * sed,
      cv = 100 * sqrt(s2e) / mean(d$y)
    ),
    blup = list(formula = deparse(blup_form), vc = vc_list(fr), m2ll = crit(fr), blups = blups, h2 = h2),
    default = list(blue = list(vc = vc_list(fbd), m2ll = crit(fbd)), blup = list(vc = vc_list(frd), m2ll = crit(frd)))
  )
}

out <- list(
  generator = paste0(R.version.string, ", lme4 ", packageVersion("lme4")),
  sets = list()
)
for (s in sets) {
  raw <- read.csv(file.path(here, s$file), na.strings = "NA")
  d <- raw
  for (f in c("entry", "rep", "block", "row", "col")) d[[f]] <- factor(d[[f]])
  if (s$design == "augmented") {
    d$group <- factor(ifelse(d$check == 1, as.character(d$entry), "new"))
    d$new <- as.numeric(d$check == 0)
  }
  traits <- setdiff(names(raw), c("plot_id", "entry", "rep", "block", "row", "col", "check"))
  res <- list(design = s$design, traits = list())
  for (tr in traits) res$traits[[tr]] <- analyse(d, s$design, tr)
  out$sets[[s$file]] <- res
}
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE, pretty = TRUE), file.path(here, "lme4-reference.json"))
cat("wrote", file.path(here, "lme4-reference.json"), "\n")
