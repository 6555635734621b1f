// Each module registers the component types of one family.
import './containers.js';
import './text.js';
import './values.js';
import './richtext.js';
import './table.js';
import './lists.js';
import './image.js';
import './media.js';
import './icons.js';
import './actions.js';
import './navigation.js';
import './forms.js';
import './other.js';
import './code.js';
import './schemaorg.js';
