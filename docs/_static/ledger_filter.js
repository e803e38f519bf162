// The ledger page's filter: three selects (paper, verdict family, grade) built into
// <div id="ledger-filter">; a row shows when its verdict is of the chosen family
// ("verified (special case: k even)" is of "verified (special case)") and its grade is the chosen one;
// a paper's section shows when it is the chosen paper.
document.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("ledger-filter");
  if (!box) { return; }
  function select(name, values) {
    var label = document.createElement("label");
    label.textContent = name + " ";
    var menu = document.createElement("select");
    ["all"].concat(values).forEach(function (value) {
      var option = document.createElement("option");
      option.value = value; option.textContent = value; menu.appendChild(option);
    });
    label.appendChild(menu); box.appendChild(label); box.appendChild(document.createTextNode(" "));
    return menu;
  }
  var paper = select("paper", box.dataset.papers.split("|"));
  var verdict = select("verdict", box.dataset.verdicts.split("|"));
  var grade = select("grade", box.dataset.grades.split("|"));
  var count = document.createElement("span");
  box.appendChild(count);
  function ofFamily(text, family) {
    return text === family || (family.endsWith(")") && text.startsWith(family.slice(0, -1) + ":"));
  }
  function apply() {
    var shown = 0;
    box.dataset.papers.split("|").forEach(function (name) {
      var section = document.getElementById("ledger-" + name.toLowerCase());
      if (!section) { return; }
      section = section.closest("section") || section;
      section.style.display = (paper.value === "all" || paper.value === name) ? "" : "none";
      section.querySelectorAll("tbody tr").forEach(function (row) {
        var cells = row.querySelectorAll("td");
        var ok = (verdict.value === "all" || ofFamily(cells[1].textContent.trim(), verdict.value)) &&
                 (grade.value === "all" || cells[2].textContent.trim() === grade.value);
        row.style.display = ok ? "" : "none";
        if (ok && section.style.display !== "none") { shown += 1; }
      });
    });
    count.textContent = shown + " rows shown";
  }
  [paper, verdict, grade].forEach(function (menu) { menu.addEventListener("change", apply); });
  apply();
});
