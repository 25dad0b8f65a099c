import { ProjectCreatePage } from './ProjectForm';

export default ProjectCreatePage;
