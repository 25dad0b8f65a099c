import { ProjectEditPage } from './ProjectForm';

export default ProjectEditPage;
