/** Invented people: name pools by nationality, for squads, staff and article bylines. */

export const MEN_NAMES = {
  English: {
    first: ["Jack", "Harry", "Oliver", "George", "James", "Callum", "Lewis", "Ryan", "Jordan", "Connor", "Kieran", "Dan", "Sam", "Tom", "Ben", "Joe", "Alfie", "Mason", "Reece", "Liam", "Nathan", "Kyle", "Charlie", "Josh", "Tyrese", "Marcus", "Ethan", "Harvey"],
    last: ["Walker", "Hughes", "Bennett", "Shaw", "Fletcher", "Marsh", "Pritchard", "Holloway", "Turner", "Barker", "Whitfield", "Carver", "Ashworth", "Dawson", "Rowley", "Kershaw", "Lomax", "Pennington", "Stanley", "Oakes", "Thornton", "Greaves", "Hartley", "Sutcliffe", "Bramwell", "Yates", "Ellison", "Naylor"],
  },
  Scottish: { first: ["Euan", "Fraser", "Ross", "Craig", "Lachlan", "Finlay", "Calum"], last: ["McAllister", "Dunlop", "Robertson", "Kerr", "Buchanan", "McLeish", "Galbraith"] },
  Welsh: { first: ["Rhys", "Dylan", "Gethin", "Owain", "Iwan"], last: ["Evans", "Pryce", "Llewellyn", "Morgan", "Vaughan"] },
  Irish: { first: ["Cian", "Darragh", "Seán", "Eoin", "Oisín"], last: ["Brennan", "O'Connell", "Doherty", "O'Sullivan", "Kavanagh"] },
  "Northern Irish": { first: ["Conor", "Ciaran", "Paddy"], last: ["McCann", "Devlin", "Quinn"] },
  French: { first: ["Théo", "Lucas", "Mathis", "Yanis", "Hugo"], last: ["Moreau", "Lefèvre", "Girard", "Dubois", "Fontaine"] },
  Dutch: { first: ["Daan", "Bram", "Jesse", "Sem"], last: ["de Vries", "Bakker", "van der Berg", "Visser"] },
  Spanish: { first: ["Álvaro", "Pablo", "Iker", "Adrián"], last: ["Navarro", "Ortega", "Gil", "Serrano"] },
  Portuguese: { first: ["Tiago", "Rúben", "Gonçalo"], last: ["Carvalho", "Pinto", "Teixeira"] },
  Nigerian: { first: ["Chidi", "Emeka", "Tobi", "Femi"], last: ["Okafor", "Adeyemi", "Eze", "Balogun"] },
  Ghanaian: { first: ["Kwame", "Kofi", "Yaw"], last: ["Mensah", "Boateng", "Asante"] },
  Senegalese: { first: ["Moussa", "Ibrahima", "Cheikh"], last: ["Diop", "Ndiaye", "Sarr"] },
  Danish: { first: ["Mads", "Rasmus", "Jonas"], last: ["Sørensen", "Kristensen", "Lund"] },
  Norwegian: { first: ["Sindre", "Eirik", "Magnus"], last: ["Haugen", "Berg", "Solberg"] },
  Jamaican: { first: ["Andre", "Romario", "Kemar"], last: ["Campbell", "Bailey", "Reid"] },
  American: { first: ["Tyler", "Cody", "Brandon"], last: ["Hartman", "Brooks", "Sullivan"] },
};

export const WOMEN_NAMES = {
  English: {
    first: ["Ella", "Lucy", "Jess", "Beth", "Sophie", "Chloe", "Amy", "Megan", "Hannah", "Grace", "Freya", "Lauren", "Katie", "Millie", "Holly", "Abbie", "Georgia", "Charlotte", "Rosie", "Jade"],
    last: ["Walsh", "Harding", "Pearce", "Cartwright", "Lowe", "Bradshaw", "Finch", "Hale", "Rowe", "Ingram", "Kemp", "Lister", "Chambers", "Hollis", "Winter", "Ashby", "Mercer", "Tate", "Booth", "Carrington"],
  },
  Scottish: { first: ["Kirsty", "Eilidh", "Morven"], last: ["Macleod", "Cowan", "Drummond"] },
  Welsh: { first: ["Ffion", "Seren", "Cerys"], last: ["Jenkins", "Rees", "Griffiths"] },
  Irish: { first: ["Aoife", "Siobhán", "Niamh"], last: ["Byrne", "O'Neill", "Gallagher"] },
  Dutch: { first: ["Fenna", "Lieke"], last: ["Jansen", "de Boer"] },
  Swedish: { first: ["Linnea", "Elin"], last: ["Lindqvist", "Holm"] },
  Norwegian: { first: ["Ingrid", "Maren"], last: ["Haugland", "Nilsen"] },
  Australian: { first: ["Kyah", "Tameka"], last: ["Whitley", "Foord-Hart"] },
  American: { first: ["Kelsey", "Taylor"], last: ["Morrison", "Dunn"] },
  French: { first: ["Léa", "Manon"], last: ["Bertrand", "Rousseau"] },
  Canadian: { first: ["Jordyn", "Kadeisha"], last: ["Lacroix", "Sinclair"] },
};

export const PREVIOUS_CLUBS = [
  "Ashcombe United", "Bramley Town", "Calderbridge City", "Hallam Wanderers", "Lowther City", "Kingsmere Town",
  "Saltcombe Athletic", "FC Utrecht", "Stade Rennais", "Rosenborg", "Aarhus GF", "Real Valladolid", "Vitória SC",
  "Hibernian", "Cardiff Met", "Shamrock Rovers", "Derry City", "New York Red Bulls", "Sydney FC", "Accra Lions",
];

export const STAFF = {
  menManager: "Martin Hale",
  womenManager: "Claire Donnelly",
  bTeamManager: "Ade Okafor",
  academyManager: "Steve Rennie",
  chiefExecutive: "Helen Marchetti",
  chair: "David Ashcroft",
  trustChief: "Rachel Okonjo",
  groundsman: "Pete Lawlor",
  safetyOfficer: "Graham Pike",
};

export const AUTHORS = ["Tom Barrett", "Priya Shah", "Lewis Carver", "Hannah Moss", "Club Media"];
